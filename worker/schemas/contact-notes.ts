import { z } from '@hono/zod-openapi'
import type { ContactNoteWithAuthor } from '../db/queries/contact-notes'
import { AgentSchema, toAgent } from './agents'
import { TextSchema } from './common'
import { AgentExample } from './examples/agents'

const NoteExample = {
  id: 7,
  content: 'Prefers to be contacted by email.',
  account_id: 1,
  contact_id: 42,
  user: AgentExample,
  created_at: 1_764_288_000,
  updated_at: 1_764_288_000,
}

/** Chatwoot's note (api/v1/models/_note): `user` is absent once its author is deleted. */
export const ContactNoteSchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    account_id: z.number().int(),
    contact_id: z.number().int(),
    user: AgentSchema.optional(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .openapi('ContactNote', { example: NoteExample })

export const ContactNoteListSchema = z
  .array(ContactNoteSchema)
  .openapi('ContactNoteList', { example: [NoteExample] })

export const ContactNoteInputSchema = z
  .object({ content: TextSchema.trim().min(1) })
  .openapi('ContactNoteInput', { example: { content: NoteExample.content } })

// A note's author who has left the account still shows, as an agent with Chatwoot's defaults.
const formerMember = { availability: 'offline', autoOffline: true, role: 'agent' } as const

export function toContactNote({ note, user, membership }: ContactNoteWithAuthor) {
  const member = membership ?? formerMember
  const role = {
    availability: member.availability,
    autoOffline: member.autoOffline,
    role: member.role,
  }
  return {
    id: note.id,
    content: note.content,
    account_id: note.accountId,
    contact_id: note.contactId,
    ...(user ? { user: toAgent(user, { accountId: note.accountId, ...role }) } : {}),
    created_at: note.createdAt,
    updated_at: note.updatedAt,
  } satisfies z.infer<typeof ContactNoteSchema>
}
