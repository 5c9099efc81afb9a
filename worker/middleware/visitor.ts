import type { Context } from 'hono'
import type { InboxRow } from '../db/queries/inboxes'
import {
  findContactInboxWithContact,
  findPublicInbox,
  findVisitorConversation,
} from '../db/queries/public'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { hmacSha256Hex, timingSafeEqualStrings } from '../lib/crypto'

/**
 * Who a public client API request speaks for. There is no token: the inbox identifier names a
 * website or API inbox, and the contact's source_id is the visitor's capability in it. Anything
 * unknown, of another kind, or of another visitor is a 404, never a hint that it exists.
 */
export type PublicInbox = { inbox: InboxRow; locale: string }

const PUBLIC_CHANNELS = new Set(['web_widget', 'api'])
// One lookup per request, shared by the CORS check and the handler. Keyed by Hono's request,
// which stays the same when the body middleware re-makes the raw one (middleware/body.ts).
const inboxLookups = new WeakMap<object, Promise<PublicInbox | null>>()

export function lookUpPublicInbox(c: Context<AppEnv>, identifier: string) {
  let lookup = inboxLookups.get(c.req)
  if (!lookup) {
    lookup = findPublicInbox(c.var.db, identifier).then((row) =>
      row && PUBLIC_CHANNELS.has(row.inbox.channelType) && row.accountStatus === 'active'
        ? { inbox: row.inbox, locale: row.locale }
        : null,
    )
    inboxLookups.set(c.req, lookup)
  }
  return lookup
}

export async function publicInbox(c: Context<AppEnv>, identifier: string) {
  const found = await lookUpPublicInbox(c, identifier)
  if (!found) throw apiError('not_found', 'Inbox not found')
  return found
}

export async function visitorOf(c: Context<AppEnv>, identifier: string, sourceId: string) {
  const { inbox, locale } = await publicInbox(c, identifier)
  const found = await findContactInboxWithContact(c.var.db, inbox.id, sourceId)
  if (!found) throw apiError('not_found', 'Contact not found')
  return { inbox, locale, contactInbox: found.contactInbox, contact: found.contact }
}

export type Visitor = Awaited<ReturnType<typeof visitorOf>>

export async function visitorConversation(
  c: Context<AppEnv>,
  params: { inbox_identifier: string; source_id: string; conversation_id: number },
) {
  const visitor = await visitorOf(c, params.inbox_identifier, params.source_id)
  const conversation = await findVisitorConversation(
    c.var.db,
    visitor.contactInbox,
    params.conversation_id,
  )
  if (!conversation) throw apiError('not_found', 'Conversation not found')
  return { ...visitor, conversation }
}

/** Whether `hash` is the inbox's HMAC-SHA256 of `identifier` (hex), compared in constant time. */
export async function identityHashValid(
  inbox: Pick<InboxRow, 'hmacToken'>,
  identifier: string | null | undefined,
  hash: string,
) {
  if (!inbox.hmacToken || !identifier) return false
  const expected = await hmacSha256Hex(inbox.hmacToken, identifier)
  return timingSafeEqualStrings(expected, hash.trim().toLowerCase())
}

/**
 * 401 unless a claimed identity holds: a hash must match the identifier, and an inbox that
 * requires verification takes no identifier without one. True when the identity is proven.
 */
export async function checkIdentity(
  inbox: Pick<InboxRow, 'hmacToken' | 'hmacMandatory'>,
  identifier: string | null | undefined,
  hash: string | undefined,
) {
  if (hash !== undefined) {
    if (!(await identityHashValid(inbox, identifier, hash))) {
      throw apiError('unauthorized', 'HMAC failed: Invalid Identifier Hash Provided')
    }
    return true
  }
  if (identifier && inbox.hmacMandatory) {
    throw apiError('unauthorized', 'HMAC failed: this inbox requires an identifier_hash')
  }
  return false
}

const rateLimited = () =>
  apiError('rate_limited', 'Too many requests; try again in a minute', [], { 'retry-after': '60' })

/** Per visitor (source_id): messages, typing and widget events. */
export async function limitVisitor(c: Context<AppEnv>, sourceId: string) {
  const { success } = await c.env.VISITOR_RATE_LIMITER.limit({ key: sourceId })
  if (!success) throw rateLimited()
}

/** Per client address: creating contacts and conversations. */
export async function limitClientAddress(c: Context<AppEnv>) {
  const ip = c.req.header('cf-connecting-ip') || 'unknown'
  const { success } = await c.env.IP_RATE_LIMITER.limit({ key: ip })
  if (!success) throw rateLimited()
}
