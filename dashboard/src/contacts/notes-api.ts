import { type ApiClient, unwrap } from '../api/client'
import type { components } from '../api/schema'
import { submit } from '../settings/shared/submit'

export type ContactNote = components['schemas']['ContactNote']

const notesPath = '/api/v1/accounts/{account_id}/contacts/{id}/notes' as const
const notePath = '/api/v1/accounts/{account_id}/contacts/{id}/notes/{note_id}' as const

/** The contact's notes, newest first. */
export function listNotes(api: ApiClient, accountId: number, contactId: number) {
  return unwrap(api.GET(notesPath, { params: { path: { account_id: accountId, id: contactId } } }))
}

export function addNote(api: ApiClient, accountId: number, contactId: number, content: string) {
  return submit(
    api.POST(notesPath, {
      params: { path: { account_id: accountId, id: contactId } },
      body: { content },
    }),
  )
}

export function deleteNote(api: ApiClient, accountId: number, contactId: number, noteId: number) {
  return unwrap(
    api.DELETE(notePath, {
      params: { path: { account_id: accountId, id: contactId, note_id: noteId } },
    }),
  )
}
