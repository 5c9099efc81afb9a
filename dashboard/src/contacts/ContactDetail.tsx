import { useSignal } from '@preact/signals'
import { unwrap } from '../api/client'
import { useAccount } from '../app/context'
import { contactsPath } from '../app/router'
import { useStrings } from '../i18n/context'
import { AppLink } from '../workspace/ui/AppLink'
import { PageHeader } from '../workspace/ui/PageHeader'
import { useLoad } from '../workspace/ui/useLoad'
import { ContactConversations } from './ContactConversations'
import { ContactEditSlot } from './ContactEditSlot'
import { ContactFacts } from './ContactFacts'
import { ContactNotes } from './ContactNotes'
import { DuplicateNotice } from './DuplicateNotice'

/** One contact: what is known about them, their labels, their conversations and notes. */
export function ContactDetail({ contactId }: { contactId: number }) {
  const t = useStrings().contacts
  const { api, accountId, navigate } = useAccount()
  const editing = useSignal(false)
  const saved = useSignal(false)
  // Bumped after a merge that keeps this contact, so its notes and suggestions load again.
  const merges = useSignal(0)
  const path = { account_id: accountId, id: contactId }
  const contact = useLoad(
    () =>
      unwrap(api.GET('/api/v1/accounts/{account_id}/contacts/{id}', { params: { path } })).then(
        (body) => body.payload,
      ),
    [accountId, contactId],
  )
  const labels = useLoad(
    () =>
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/contacts/{id}/labels', { params: { path } }),
      ).then((body) => body.payload),
    [accountId, contactId],
  )
  const conversations = useLoad(
    () =>
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/contacts/{contact_id}/conversations', {
          params: { path: { account_id: accountId, contact_id: contactId } },
        }),
      ).then((body) => body.payload),
    [accountId, contactId],
  )
  const person = contact.data.value
  const back = contactsPath(accountId)
  const merged = (keptId: number) => {
    if (keptId !== contactId) return navigate(contactsPath(accountId, keptId))
    merges.value += 1
    void contact.reload()
    void labels.reload()
    void conversations.reload()
  }

  return (
    <div class="workspace-page contacts contact-detail">
      <AppLink class="contacts-back" href={back}>
        {t.backToContacts}
      </AppLink>
      <PageHeader title={person ? person.name || t.unnamed : t.contact} />
      <p role="status" class="contacts-status">
        {contact.loading.value && !person ? t.loadingContact : ''}
      </p>
      <p class="form-error" role="alert">
        {contact.error.value ?? ''}
      </p>
      <p role="status" class="contacts-status">
        {saved.value ? t.contactSaved : ''}
      </p>
      {person && (
        <DuplicateNotice key={`${person.id}-${merges.value}`} contact={person} onMerged={merged} />
      )}
      {person && (
        <div class="contact-detail-grid">
          {editing.value ? (
            <ContactEditSlot
              contact={person}
              onSaved={() => {
                editing.value = false
                saved.value = true
                void contact.reload()
              }}
              onCancel={() => {
                editing.value = false
              }}
            />
          ) : (
            <div class="contact-facts-column">
              <button
                type="button"
                class="button contact-edit-button"
                onClick={() => {
                  saved.value = false
                  editing.value = true
                }}
              >
                {t.edit}
              </button>
              <ContactFacts contact={person} />
            </div>
          )}
          <section aria-labelledby="contact-labels">
            <h2 id="contact-labels">{t.labels}</h2>
            {labels.error.value && <p class="form-error">{labels.error.value}</p>}
            {labels.data.value &&
              (labels.data.value.length ? (
                <ul class="contact-labels">
                  {labels.data.value.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              ) : (
                <p>{t.noLabels}</p>
              ))}
          </section>
          <ContactConversations
            conversations={conversations.data.value}
            error={conversations.error.value}
          />
          <ContactNotes key={`${person.id}-${merges.value}`} contactId={person.id} />
        </div>
      )}
    </div>
  )
}
