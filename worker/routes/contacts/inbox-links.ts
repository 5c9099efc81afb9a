import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  findContactInbox,
  findContactInboxBySource,
  insertContactInboxStatement,
} from '../../db/queries/contact-inboxes'
import { listContactableInboxes } from '../../db/queries/contacts'
import type { InboxRow } from '../../db/queries/inboxes'
import type { AppEnv } from '../../env'
import { errorResponses, fieldError, validationError } from '../../errors'
import { restrictedAgentId } from '../../middleware/access'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { AccountAndIdParamsSchema, jsonBody, jsonResponse } from '../../schemas/common'
import { ContactInboxRefSchema, ContactInboxSchema, toInboxSlim } from '../../schemas/contacts'
import { ContactInboxInputSchema } from '../../schemas/contacts-input'
import { createRouter } from '../router'
import { base, inboxFromBody, tags, visibleContact } from './shared'

/**
 * The source id a new contact inbox gets: the one asked for, else the contact's email in an email
 * inbox and its phone number in a phone inbox; null lets website and API inboxes draw a UUID.
 * 422 when it is missing or another contact of the inbox already has it.
 */
export async function sourceIdFor(
  c: Context<AppEnv>,
  inbox: InboxRow,
  requested: string | undefined,
  contact: { email: string | null; phoneNumber: string | null },
) {
  let sourceId: string | null = requested ?? null
  if (!sourceId && inbox.channelType === 'email') {
    sourceId = contact.email
    if (!sourceId) throw validationError([fieldError('email', 'is required for an email inbox')])
  }
  if (!sourceId && inbox.channelType === 'phone') {
    sourceId = contact.phoneNumber
    if (!sourceId) {
      throw validationError([fieldError('phone_number', 'is required for a phone inbox')])
    }
  }
  if (sourceId && (await findContactInboxBySource(c.var.db, inbox.id, sourceId))) {
    throw validationError([
      fieldError('source_id', 'is already used by another contact of this inbox', 'taken'),
    ])
  }
  return sourceId
}

const listContactable = createRoute({
  operationId: 'listContactableInboxes',
  method: 'get',
  path: `${base}/{id}/contactable_inboxes`,
  tags,
  security: accountSecurity,
  summary: 'Website and API inboxes the contact can be reached in, with its source id there',
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(z.object({ payload: z.array(ContactInboxRefSchema) }), 'Inboxes'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createContactInbox = createRoute({
  operationId: 'createContactInbox',
  method: 'post',
  path: `${base}/{id}/contact_inboxes`,
  tags,
  security: accountSecurity,
  summary: 'Link the contact to an inbox',
  description:
    'Returns the contact inbox the contact already has there (with that `source_id`, when one ' +
    'is given) instead of making another.',
  middleware: [unwrapBody('contact_inbox')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(ContactInboxInputSchema) },
  responses: {
    200: jsonResponse(ContactInboxSchema, 'The contact inbox'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

export const contactInboxLinkRoutes = createRouter()
  .openapi(listContactable, async (c) => {
    const { id } = c.req.valid('param')
    await visibleContact(c, id)
    const rows = await listContactableInboxes(c.var.db, c.var.accountId, id, restrictedAgentId(c))
    return c.json(
      {
        // Like Chatwoot, an inbox the contact is not in yet offers a fresh source id to use.
        payload: rows.map((r) => ({
          source_id: r.sourceId ?? crypto.randomUUID(),
          inbox: toInboxSlim(r.inbox),
        })),
      },
      200,
    )
  })
  .openapi(createContactInbox, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const { contact } = await visibleContact(c, id)
    const inbox = await inboxFromBody(c, body.inbox_id)
    const existing = body.source_id
      ? await findContactInboxBySource(c.var.db, inbox.id, body.source_id)
      : await findContactInbox(c.var.db, id, inbox.id)
    if (existing?.contactId === id) {
      return c.json({ source_id: existing.sourceId, inbox: toInboxSlim(inbox) }, 200)
    }
    const sourceId = await sourceIdFor(c, inbox, body.source_id, contact)
    const [created] = await insertContactInboxStatement(c.var.db, {
      accountId: c.var.accountId,
      contactId: id,
      inboxId: inbox.id,
      sourceId,
    })
    if (!created) throw new Error('contact inbox insert returned nothing')
    return c.json({ source_id: created.sourceId, inbox: toInboxSlim(inbox) }, 200)
  })
