import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { checkCustomAttributes } from '../../contacts/custom-attributes'
import { insertContactInboxStatement } from '../../db/queries/contact-inboxes'
import {
  type ContactRow,
  findUniqueClashes,
  insertContactStatement,
  insertedContactId,
} from '../../db/queries/contacts'
import type { InboxRow } from '../../db/queries/inboxes'
import {
  findContactInboxWithContact,
  findContactsByKeys,
  markVerifiedStatement,
} from '../../db/queries/public'
import type { AppEnv } from '../../env'
import { apiError, errorResponses } from '../../errors'
import { claimsOf, splitClaims, takenAmong } from '../../lib/visitor-claims'
import { unwrapBody } from '../../middleware/body'
import {
  checkIdentity,
  identityHashValid,
  limitClientAddress,
  publicInbox,
  visitorOf,
} from '../../middleware/visitor'
import { jsonBody, jsonResponse, noCredentials } from '../../schemas/common'
import {
  ContactParamsSchema,
  ContactSessionSchema,
  ContactShowQuerySchema,
  InboxParamsSchema,
  PublicContactCreateSchema,
  toContactSession,
} from '../../schemas/public'
import { storeAvatar, withStoredAvatar } from '../contacts/avatar'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { publicContactUpdateRoutes, updateVisitor } from './contact-update'
import { capability, contactPath, inboxPath, publicTags } from './shared'

const createContact = createRoute({
  security: noCredentials,
  operationId: 'createPublicContact',
  method: 'post',
  path: `${inboxPath}/contacts`,
  tags: publicTags.contacts,
  summary: "Create (or find) the visitor's contact in this inbox",
  description:
    'Reuses the contact inbox with `source_id` when it exists; otherwise links the contact of ' +
    'the account with the same identifier when `identifier_hash` (hex HMAC-SHA256 of ' +
    '`identifier` with the inbox hmac_token) proves it, or creates a contact. An email or phone ' +
    'number never links an existing contact: when another contact has it, the new contact keeps ' +
    'it as a claim (`additional_attributes.unverified_claims`, as is an identifier without its ' +
    'hash) for agents to see, and may merge. A wrong hash is 401, and an identifier without one ' +
    'is 401 when the inbox requires it. Rate limited per client address (429 with Retry-After).',
  middleware: [unwrapBody('contact')],
  request: { params: InboxParamsSchema, body: jsonBody(PublicContactCreateSchema) },
  responses: {
    200: jsonResponse(ContactSessionSchema, "The visitor's source_id and pubsub_token"),
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

const showContact = createRoute({
  security: noCredentials,
  operationId: 'getPublicContact',
  method: 'get',
  path: contactPath,
  tags: publicTags.contacts,
  summary: "The visitor's contact",
  description:
    `${capability} A valid \`identifier_hash\` of the contact's identifier marks the contact ` +
    'inbox verified; of an identifier the visitor only claimed, it makes the identifier the ' +
    "contact's, or links the visitor to the contact that has it. A wrong one is 401.",
  request: { params: ContactParamsSchema, query: ContactShowQuerySchema },
  responses: {
    200: jsonResponse(ContactSessionSchema, 'The contact'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'validation_failed'),
  },
})

type CreateInput = z.infer<typeof PublicContactCreateSchema>

const ADJECTIVES = ['swift', 'calm', 'bright', 'quiet', 'bold', 'gentle', 'lucky', 'misty']
const NOUNS = ['river', 'forest', 'meadow', 'harbor', 'canyon', 'breeze', 'comet', 'pebble']
const random = (below: number) => (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % below

/** A friendly name for a visitor who has not said theirs, like "swift-river-4821". */
export function generatedName() {
  const adjective = ADJECTIVES[random(ADJECTIVES.length)]
  const noun = NOUNS[random(NOUNS.length)]
  return `${adjective}-${noun}-${1000 + random(9000)}`
}

/**
 * A new contact with its contact inbox, and contact_created, in one batch. The email, phone
 * number and proven identifier are the contact's own unless another contact holds them; then
 * they are only its claims (lib/visitor-claims).
 */
async function createWithContact(
  c: Context<AppEnv>,
  inbox: InboxRow,
  body: CreateInput,
  verified: boolean,
) {
  const { db } = c.var
  const accountId = inbox.accountId
  await checkCustomAttributes(db, accountId, 'contact_attribute', body.custom_attributes)
  const requested = {
    email: body.email,
    phone_number: body.phone_number,
    identifier: body.identifier,
  }
  const holders = await findUniqueClashes(db, accountId, {
    email: body.email,
    phoneNumber: body.phone_number,
    identifier: body.identifier,
  })
  const blank = { email: null, phoneNumber: null, identifier: null, additionalAttributes: {} }
  const { values, additionalAttributes } = splitClaims(
    blank,
    requested,
    takenAmong(holders),
    verified,
  )
  const avatarKey = await storeAvatar(c.env, accountId, null, body.avatar_url)
  const insertContact = insertContactStatement(db, {
    accountId,
    name: body.name ?? generatedName(),
    ...values,
    additionalAttributes,
    avatarKey,
    customAttributes: body.custom_attributes ?? {},
  })
  const insertLink = insertContactInboxStatement(db, {
    accountId,
    // The contact's id is only known inside the batch.
    contactId: insertedContactId as unknown as number,
    inboxId: inbox.id,
    sourceId: body.source_id,
    // A proven identifier on a new contact verifies it at once (Chatwoot forgets to).
    hmacVerified: verified,
  })
  const event = { kind: 'contact_created' as const, accountId, contactId: insertedContactId }
  const [[contact], [contactInbox]] = await withStoredAvatar(c.env, avatarKey, () =>
    commitWithEvents(c, [insertContact, insertLink], [event]),
  )
  if (!contact || !contactInbox) throw new Error('contact insert returned nothing')
  return toContactSession(contactInbox, contact)
}

/** A new contact inbox of the contact a proven identifier names: the visitor is that contact. */
async function linkIdentifiedContact(
  c: Context<AppEnv>,
  inbox: InboxRow,
  contact: ContactRow,
  body: CreateInput,
) {
  const [contactInbox] = await insertContactInboxStatement(c.var.db, {
    accountId: inbox.accountId,
    contactId: contact.id,
    inboxId: inbox.id,
    sourceId: body.source_id,
    hmacVerified: true,
  })
  if (!contactInbox) throw new Error('contact inbox insert returned nothing')
  return toContactSession(contactInbox, contact)
}

const contactRecordRoutes = createRouter()
  .openapi(createContact, async (c) => {
    await limitClientAddress(c)
    const body = c.req.valid('json')
    const { inbox } = await publicInbox(c, c.req.valid('param').inbox_identifier)
    const verified = await checkIdentity(inbox, body.identifier, body.identifier_hash)
    const db = c.var.db
    if (body.source_id) {
      const existing = await findContactInboxWithContact(db, inbox.id, body.source_id)
      if (existing) {
        const { contactInbox, contact } = existing
        const proves = verified && contact.identifier === body.identifier
        if (proves && !contactInbox.hmacVerified) await markVerifiedStatement(db, contactInbox.id)
        return c.json(toContactSession(contactInbox, contact), 200)
      }
    }
    // Only a proven identity reaches an existing contact; an email or phone number never does.
    const [owner] = verified
      ? await findContactsByKeys(db, inbox.accountId, { identifier: body.identifier })
      : []
    const session = owner
      ? await linkIdentifiedContact(c, inbox, owner, body)
      : await createWithContact(c, inbox, body, verified)
    return c.json(session, 200)
  })
  .openapi(showContact, async (c) => {
    const { source_id, inbox_identifier } = c.req.valid('param')
    const visitor = await visitorOf(c, inbox_identifier, source_id)
    const { inbox, contactInbox, contact } = visitor
    const hash = c.req.valid('query').identifier_hash
    const claimed = contact.identifier
      ? undefined
      : claimsOf(contact.additionalAttributes).identifier
    if (hash !== undefined && claimed) {
      // Proving the identifier it only claimed makes it the visitor's, as PATCH does with one.
      const proven = await updateVisitor(c, visitor, { identifier: claimed, identifier_hash: hash })
      return c.json(toContactSession(contactInbox, proven), 200)
    }
    if (hash !== undefined) {
      if (!(await identityHashValid(inbox, contact.identifier, hash))) {
        throw apiError('unauthorized', 'HMAC failed: Invalid Identifier Hash Provided')
      }
      if (!contactInbox.hmacVerified) await markVerifiedStatement(c.var.db, contactInbox.id)
    }
    return c.json(toContactSession(contactInbox, contact), 200)
  })

export const publicContactRoutes = createRouter()
  .route('/', contactRecordRoutes)
  .route('/', publicContactUpdateRoutes)
