import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { checkCustomAttributes } from '../../contacts/custom-attributes'
import type { Statement } from '../../conversations/changes'
import {
  type ContactRow,
  findUniqueClashes,
  type NewContact,
  updateContactStatement,
} from '../../db/queries/contacts'
import {
  findContactsByKeys,
  markVerifiedStatement,
  repointContactInboxStatements,
} from '../../db/queries/public'
import type { AppEnv } from '../../env'
import { apiError, errorResponses } from '../../errors'
import { changedAttributes } from '../../events/kinds'
import type { EventInput } from '../../events/outbox'
import { deleteStored } from '../../lib/files'
import { splitClaims, takenAmong } from '../../lib/visitor-claims'
import { unwrapBody } from '../../middleware/body'
import { checkIdentity, type Visitor, visitorOf } from '../../middleware/visitor'
import { jsonBody, jsonResponse, noCredentials } from '../../schemas/common'
import {
  ContactParamsSchema,
  PublicContactSchema,
  type PublicContactUpdate,
  PublicContactUpdateSchema,
  toPublicContact,
} from '../../schemas/public'
import { storeAvatar, withStoredAvatar } from '../contacts/avatar'
import { trackedAttributes } from '../contacts/shared'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { capability, contactPath, publicTags } from './shared'

/** PATCH and PUT both update, as in Chatwoot. */
const updateContact = (method: 'patch' | 'put') =>
  createRoute({
    security: noCredentials,
    operationId: method === 'put' ? 'updatePublicContactPut' : 'updatePublicContact',
    method,
    path: contactPath,
    tags: publicTags.contacts,
    summary: "Update the visitor's contact",
    description:
      `${capability} \`custom_attributes\` are merged (null removes a key). A new identifier ` +
      'needs a valid `identifier_hash` when the inbox requires one or the visitor is verified; ' +
      'with one, an identifier that belongs to another contact moves this visitor to that ' +
      'contact. An email or phone number another contact has, and an identifier without its ' +
      'hash, never reach that contact: they are kept as claims ' +
      '(`additional_attributes.unverified_claims`, for agents) and shown back as given.',
    middleware: [unwrapBody('contact')],
    request: { params: ContactParamsSchema, body: jsonBody(PublicContactUpdateSchema) },
    responses: {
      200: jsonResponse(PublicContactSchema, 'The contact'),
      ...errorResponses(
        'unauthorized',
        'forbidden',
        'not_found',
        'validation_failed',
        'unsupported_media_type',
      ),
    },
  })

/** Whether the visitor proves who it is, and 401 when a new identity goes unproven. */
async function proof(visitor: Visitor, input: PublicContactUpdate) {
  const { inbox, contactInbox, contact } = visitor
  if (input.identifier_hash !== undefined) {
    return checkIdentity(inbox, input.identifier ?? contact.identifier, input.identifier_hash)
  }
  const switches = input.identifier !== undefined && input.identifier !== contact.identifier
  if (switches && (inbox.hmacMandatory || contactInbox.hmacVerified)) {
    throw apiError('unauthorized', 'HMAC failed: a new identifier needs its identifier_hash')
  }
  return false
}

function mergeAttributes(stored: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  const merged = { ...stored }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

/** The visitor's change to its contact (or, on a proven identifier, its move to another). */
export async function updateVisitor(
  c: Context<AppEnv>,
  visitor: Visitor,
  input: PublicContactUpdate,
): Promise<ContactRow> {
  const { inbox, contactInbox, contact } = visitor
  const db = c.var.db
  const accountId = inbox.accountId
  const verified = await proof(visitor, input)
  // A proven identifier of another contact: the visitor is that contact (the widget's setUser).
  let target = contact
  if (verified && input.identifier && input.identifier !== contact.identifier) {
    const [owner] = await findContactsByKeys(db, accountId, { identifier: input.identifier })
    if (owner) target = owner
  }
  const repoints = target.id !== contact.id
  const setting = Object.fromEntries(
    Object.entries(input.custom_attributes ?? {}).filter(([, v]) => v !== null),
  )
  await checkCustomAttributes(db, accountId, 'contact_attribute', setting)
  // Values another contact holds (and an unproven identifier) are only claims: never a 422,
  // which would tell a stranger that some contact has them.
  const requested = {
    email: input.email,
    phone_number: input.phone_number,
    identifier: repoints ? undefined : input.identifier,
  }
  const holders = await findUniqueClashes(
    db,
    accountId,
    {
      email: requested.email,
      phoneNumber: requested.phone_number,
      identifier: requested.identifier,
    },
    target.id,
  )
  const claimed = splitClaims(target, requested, takenAmong(holders), verified)
  const values: Partial<NewContact> = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...claimed.values,
    additionalAttributes: claimed.additionalAttributes,
    customAttributes: mergeAttributes(target.customAttributes, input.custom_attributes),
  }
  const avatarKey = input.avatar_url
    ? await storeAvatar(c.env, accountId, null, input.avatar_url)
    : null
  if (avatarKey) values.avatarKey = avatarKey
  const changes = changedAttributes(
    trackedAttributes(c, target),
    trackedAttributes(c, { ...target, ...values }),
  )
  const statements: Statement[] = []
  const events: EventInput[] = []
  if (repoints) statements.push(...repointContactInboxStatements(db, contactInbox, target.id))
  else if (verified && !contactInbox.hmacVerified) {
    statements.push(markVerifiedStatement(db, contactInbox.id))
  }
  if (changes.length > 0) {
    statements.push(updateContactStatement(db, accountId, target.id, values))
    events.push({
      kind: 'contact_updated',
      accountId,
      contactId: target.id,
      changedAttributes: changes,
    })
  }
  const [first, ...rest] = statements
  if (!first) return target
  const results = await withStoredAvatar(c.env, avatarKey, () =>
    commitWithEvents(c, [first, ...rest], events),
  )
  const updated =
    changes.length > 0 ? (results.at(-1) as (typeof target)[] | undefined)?.[0] : target
  if (!updated) throw new Error('contact update returned nothing')
  if (avatarKey && target.avatarKey) await deleteStored(c.env, [target.avatarKey])
  return updated
}

export const publicContactUpdateRoutes = createRouter()
  .openapi(updateContact('patch'), async (c) => {
    const { inbox_identifier, source_id } = c.req.valid('param')
    const visitor = await visitorOf(c, inbox_identifier, source_id)
    const contact = await updateVisitor(c, visitor, c.req.valid('json'))
    return c.json(toPublicContact(visitor.contactInbox, contact), 200)
  })
  .openapi(updateContact('put'), async (c) => {
    const { inbox_identifier, source_id } = c.req.valid('param')
    const visitor = await visitorOf(c, inbox_identifier, source_id)
    const contact = await updateVisitor(c, visitor, c.req.valid('json'))
    return c.json(toPublicContact(visitor.contactInbox, contact), 200)
  })
