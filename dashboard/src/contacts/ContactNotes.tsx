import { useSignal } from '@preact/signals'
import { useAccount } from '../app/context'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { FormError } from '../settings/shared/submit'
import { ConfirmButton } from '../workspace/ui/ConfirmButton'
import { TextField } from '../workspace/ui/TextField'
import { useAction } from '../workspace/ui/useAction'
import { messageOf, useLoad } from '../workspace/ui/useLoad'
import { addNote, deleteNote, listNotes } from './notes-api'

/** What agents wrote down about the contact, newest first, with a box to add one. */
export function ContactNotes({ contactId }: { contactId: number }) {
  const t = useStrings().contacts
  const { api, accountId } = useAccount()
  const notes = useLoad(() => listNotes(api, accountId, contactId), [accountId, contactId])
  const draft = useSignal('')
  // A refused note shows the content field's own message, under the box.
  const action = useAction((failure) =>
    failure instanceof FormError
      ? (failure.fields.content ?? messageOf(failure))
      : messageOf(failure),
  )
  const when = (seconds: number) => new Date(seconds * 1000).toLocaleString()

  return (
    <section aria-labelledby="contact-notes" class="contact-notes">
      <h2 id="contact-notes">{t.notes}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void action.act(async () => {
            await addNote(api, accountId, contactId, draft.value)
            draft.value = ''
            await notes.reload()
            return t.noteAdded
          })
        }}
      >
        <TextField
          label={t.newNote}
          multiline
          value={draft.value}
          onInput={(value) => {
            draft.value = value
          }}
          error={action.error.value}
        />
        <button type="submit" class="button button-primary">
          {t.addNote}
        </button>
        <p class="visually-hidden" role="status">
          {action.status.value}
        </p>
      </form>
      {notes.error.value && <p class="form-error">{notes.error.value}</p>}
      {notes.data.value &&
        (notes.data.value.length === 0 ? (
          <p>{t.noNotes}</p>
        ) : (
          <ul class="contact-note-list">
            {notes.data.value.map((note) => (
              <li key={note.id}>
                <p class="contact-note-text">{note.content}</p>
                <p class="contact-note-meta">
                  {format(t.noteBy, {
                    name: note.user?.available_name ?? t.formerAgent,
                    when: when(note.created_at),
                  })}
                </p>
                <ConfirmButton
                  label={t.deleteNote}
                  question={t.deleteNoteQuestion}
                  confirmLabel={t.deleteNoteConfirm}
                  onConfirm={async () => {
                    await deleteNote(api, accountId, contactId, note.id)
                    await notes.reload()
                  }}
                />
              </li>
            ))}
          </ul>
        ))}
    </section>
  )
}
