import { useSignal } from '@preact/signals'
import { useAccount } from '../app/context'
import { contactsPath } from '../app/router'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { AppLink } from '../workspace/ui/AppLink'
import { ConfirmButton } from '../workspace/ui/ConfirmButton'
import { messageOf, useLoad } from '../workspace/ui/useLoad'
import { claimsOf, findPossibleDuplicates, mergeContacts } from './duplicates-api'
import type { Contact } from './types'

/**
 * "Possible duplicate of <name>" for each contact holding what this one only claims (an email,
 * phone number or identifier a visitor typed), with a Merge that asks first, moves this contact
 * into that one and opens it.
 */
export function DuplicateNotice({ contact }: { contact: Contact }) {
  const t = useStrings().contacts
  const { api, accountId, navigate } = useAccount()
  const error = useSignal<string | null>(null)
  const claimed = Object.keys(claimsOf(contact)).length > 0
  const duplicates = useLoad(
    () => (claimed ? findPossibleDuplicates(api, accountId, contact) : Promise.resolve([])),
    [accountId, contact.id, claimed],
  )
  const found = duplicates.data.value ?? []
  if (found.length === 0) return null
  const nameOf = (other: Contact) => other.name || t.unnamed
  return (
    <section class="contact-duplicates" aria-labelledby="contact-duplicates">
      <h2 id="contact-duplicates">{t.possibleDuplicates}</h2>
      <ul>
        {found.map((other) => (
          <li key={other.id}>
            <p>
              {t.possibleDuplicateOf}{' '}
              <AppLink href={contactsPath(accountId, other.id)}>{nameOf(other)}</AppLink>
            </p>
            <ConfirmButton
              label={format(t.mergeInto, { name: nameOf(other) })}
              question={format(t.mergeQuestion, { name: nameOf(other) })}
              confirmLabel={t.mergeConfirm}
              onConfirm={async () => {
                error.value = null
                try {
                  await mergeContacts(api, accountId, other.id, contact.id)
                  navigate(contactsPath(accountId, other.id))
                } catch (failure) {
                  error.value = messageOf(failure)
                }
              }}
            />
          </li>
        ))}
      </ul>
      <p class="contact-duplicates-hint">{t.duplicateHint}</p>
      <p class="form-error" role="alert">
        {error.value ?? ''}
      </p>
    </section>
  )
}
