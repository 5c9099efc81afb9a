import { createRoute } from '@hono/zod-openapi'
import {
  deleteContactNote,
  findContactNote,
  insertContactNote,
  listContactNotes,
  updateContactNote,
} from '../../db/queries/contact-notes'
import { apiError, errorResponses } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { currentUserId } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import {
  AccountAndIdParamsSchema,
  EmptySchema,
  IdSchema,
  jsonBody,
  jsonResponse,
} from '../../schemas/common'
import {
  ContactNoteInputSchema,
  ContactNoteListSchema,
  ContactNoteSchema,
  toContactNote,
} from '../../schemas/contact-notes'
import { createRouter } from '../router'
import { base, tags, visibleContact } from './shared'

// Chatwoot's contact notes. Every note is reached through its account and its contact, and the
// contact must be one the caller may read (404 otherwise), as for the contact itself.
const NoteParamsSchema = AccountAndIdParamsSchema.extend({
  note_id: IdSchema.openapi({ param: { name: 'note_id', in: 'path' }, example: 7 }),
})
const notes = `${base}/{id}/notes`
const writeErrors = [
  'unauthorized',
  'forbidden',
  'not_found',
  'validation_failed',
  'unsupported_media_type',
  'rate_limited',
] as const

const listNotes = createRoute({
  operationId: 'listContactNotes',
  method: 'get',
  path: notes,
  tags,
  security: accountSecurity,
  summary: "The contact's notes, newest first",
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(ContactNoteListSchema, 'Notes, newest first'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createNote = createRoute({
  operationId: 'createContactNote',
  method: 'post',
  path: notes,
  tags,
  security: accountSecurity,
  summary: 'Add a note to a contact',
  description: 'The caller is its author (agent bots cannot write notes: 403).',
  middleware: [unwrapBody('note')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(ContactNoteInputSchema) },
  responses: {
    200: jsonResponse(ContactNoteSchema, 'The note'),
    ...errorResponses(...writeErrors),
  },
})

const updateNote = (method: 'patch' | 'put') =>
  createRoute({
    operationId: method === 'put' ? 'updateContactNotePut' : 'updateContactNote',
    method,
    path: `${notes}/{note_id}`,
    tags,
    security: accountSecurity,
    summary: "Change a note's content",
    middleware: [unwrapBody('note')],
    request: { params: NoteParamsSchema, body: jsonBody(ContactNoteInputSchema) },
    responses: {
      200: jsonResponse(ContactNoteSchema, 'The note'),
      ...errorResponses(...writeErrors),
    },
  })

const deleteNote = createRoute({
  operationId: 'deleteContactNote',
  method: 'delete',
  path: `${notes}/{note_id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a note',
  request: { params: NoteParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

type NoteKey = { accountId: number; contactId: number; id: number }

async function noteJson(db: Parameters<typeof findContactNote>[0], key: NoteKey) {
  const row = await findContactNote(db, key.accountId, key.contactId, key.id)
  if (!row) throw apiError('not_found', `Note ${key.id} not found`)
  return toContactNote(row)
}

/** Changes a note of a contact the caller may read; answers it as it now is. */
async function changeNote(
  c: Parameters<typeof visibleContact>[0],
  params: { id: number; note_id: number },
  content: string,
) {
  await visibleContact(c, params.id)
  const key = { accountId: c.var.accountId, contactId: params.id, id: params.note_id }
  if (!(await updateContactNote(c.var.db, key, content, nowSeconds()))) {
    throw apiError('not_found', `Note ${params.note_id} not found`)
  }
  return noteJson(c.var.db, key)
}

export const contactNoteRoutes = createRouter()
  .openapi(listNotes, async (c) => {
    const { id } = c.req.valid('param')
    await visibleContact(c, id)
    const rows = await listContactNotes(c.var.db, c.var.accountId, id)
    return c.json(rows.map(toContactNote), 200)
  })
  .openapi(createNote, async (c) => {
    const { id } = c.req.valid('param')
    const userId = currentUserId(c)
    await visibleContact(c, id)
    const { content } = c.req.valid('json')
    const { db, accountId } = c.var
    const noteId = await insertContactNote(db, { accountId, contactId: id, userId, content })
    return c.json(await noteJson(db, { accountId, contactId: id, id: noteId }), 200)
  })
  .openapi(updateNote('patch'), async (c) =>
    c.json(await changeNote(c, c.req.valid('param'), c.req.valid('json').content), 200),
  )
  .openapi(updateNote('put'), async (c) =>
    c.json(await changeNote(c, c.req.valid('param'), c.req.valid('json').content), 200),
  )
  .openapi(deleteNote, async (c) => {
    const { id, note_id } = c.req.valid('param')
    await visibleContact(c, id)
    const key = { accountId: c.var.accountId, contactId: id, id: note_id }
    if (!(await deleteContactNote(c.var.db, key))) {
      throw apiError('not_found', `Note ${note_id} not found`)
    }
    return c.json({}, 200)
  })
