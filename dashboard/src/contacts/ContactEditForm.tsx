import { useSignal } from '@preact/signals'
import { unwrap } from '../api/client'
import { useAccount } from '../app/context'
import { useStrings } from '../i18n/context'
import { useSubmission } from '../settings/shared/useSubmission'
import { FormStatus } from '../workspace/ui/FormStatus'
import { TextField } from '../workspace/ui/TextField'
import { useLoad } from '../workspace/ui/useLoad'
import { attributeKeys, type ContactDraft, draftOf, saveContact } from './contact-edit'
import type { Contact } from './types'

export interface ContactEditFormProps {
  contact: Contact
  onSaved(contact: Contact): void
  onCancel(): void
}

/**
 * Edits a contact's name, email, phone number and custom attributes (PUT /contacts/{id}); a
 * refused field shows its error in words under it. Its own chunk (ContactEditSlot).
 */
export default function ContactEditForm({ contact, onSaved, onCancel }: ContactEditFormProps) {
  const t = useStrings().contacts
  const { api, accountId } = useAccount()
  const draft = useSignal<ContactDraft>(draftOf(contact))
  const submission = useSubmission<'saved'>()
  const definitions = useLoad(
    () =>
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/custom_attribute_definitions', {
          params: {
            path: { account_id: accountId },
            query: { attribute_model: 'contact_attribute' },
          },
        }),
      ),
    [accountId],
  )
  const keys = attributeKeys(contact, definitions.data.value ?? [])
  const types = Object.fromEntries(keys.map((key) => [key.key, key.type]))
  const set = (change: Partial<ContactDraft>) => {
    draft.value = { ...draft.value, ...change }
  }

  return (
    <form
      class="contact-edit"
      // The server words every refusal under its field, the same for every browser.
      noValidate
      aria-labelledby="contact-edit-title"
      onSubmit={async (event) => {
        event.preventDefault()
        let saved: Contact | null = null
        const ok = await submission.run(async () => {
          saved = await saveContact(api, accountId, contact.id, draft.value, types)
        }, 'saved')
        if (ok && saved) onSaved(saved)
      }}
    >
      <h2 id="contact-edit-title">{t.editContact}</h2>
      <TextField
        label={t.name}
        value={draft.value.name}
        autoComplete="off"
        error={submission.fieldError('name', t.name)}
        onInput={(name) => set({ name })}
      />
      <TextField
        label={t.email}
        type="email"
        value={draft.value.email}
        autoComplete="off"
        error={submission.fieldError('email', t.email)}
        onInput={(email) => set({ email })}
      />
      <TextField
        label={t.phone}
        value={draft.value.phone}
        autoComplete="off"
        hint={t.phoneHint}
        error={submission.fieldError('phone_number', t.phone)}
        onInput={(phone) => set({ phone })}
      />
      {keys.length > 0 && (
        <fieldset class="contact-edit-attributes">
          <legend>{t.customAttributes}</legend>
          {keys.map((key) => (
            <TextField
              key={key.key}
              label={key.label}
              value={draft.value.attributes[key.key] ?? ''}
              error={submission.fieldError(`custom_attributes.${key.key}`, key.label)}
              onInput={(value) =>
                set({ attributes: { ...draft.value.attributes, [key.key]: value } })
              }
            />
          ))}
        </fieldset>
      )}
      <FormStatus error={submission.error.value} />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={submission.busy.value}>
          {submission.busy.value ? t.saving : t.save}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          {t.cancelEdit}
        </button>
      </div>
    </form>
  )
}
