import { useSignal } from '@preact/signals'
import { useAccount } from '../app/context'
import { contactsPath } from '../app/router'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { AppLink } from '../workspace/ui/AppLink'
import { ConfirmButton } from '../workspace/ui/ConfirmButton'
import { messageOf, useLoad } from '../workspace/ui/useLoad'
import { findPossibleDuplicates, keptOf, mergeContacts } from './duplicates-api'
import type { Contact } from './types'

/**
 * "Possible duplicate: <name>" for each contact with the same email, phone number or identifier
 * (held or only claimed), with a Merge that says first what moves and what is deleted, then
 * merges and hands over the kept contact's id.
 */
export function DuplicateNotice({
  contact,
  onMerged,
}: {
  contact: Contact
  onMerged(keptId: number): void
}) {
  const t = useStrings().contacts
  const { api, accountId } = useAccount()
  const error = useSignal<string | null>(null)
  const duplicates = useLoad(
    () => findPossibleDuplicates(api, accountId, contact),
    [accountId, contact.id],
  )
  const found = duplicates.data.value ?? []
  if (found.length === 0) return null
  const nameOf = (other: Contact) => other.name || t.unnamed
  return (
    <section class="contact-duplicates" aria-labelledby="contact-duplicates">
      <h2 id="contact-duplicates">{t.possibleDuplicates}</h2>
      <ul>
        {found.map((other) => {
          const { base, mergee } = keptOf(contact, other)
          const keepsThis = base.id === contact.id
          const names = { name: nameOf(other), base: nameOf(base), mergee: nameOf(mergee) }
          return (
            <li key={other.id}>
              <p>
                {t.possibleDuplicateOf}{' '}
                <AppLink href={contactsPath(accountId, other.id)}>{nameOf(other)}</AppLink>
                {other.email ? ` (${other.email})` : ''}
              </p>
              <ConfirmButton
                label={format(keepsThis ? t.mergeHere : t.mergeInto, names)}
                question={format(t.mergeWhatMoves, names)}
                confirmLabel={t.mergeConfirm}
                onConfirm={async () => {
                  error.value = null
                  try {
                    await mergeContacts(api, accountId, base.id, mergee.id)
                    onMerged(base.id)
                  } catch (failure) {
                    error.value = messageOf(failure)
                  }
                }}
              />
            </li>
          )
        })}
      </ul>
      <p class="contact-duplicates-hint">{t.duplicateHint}</p>
      <p class="form-error" role="alert">
        {error.value ?? ''}
      </p>
    </section>
  )
}
