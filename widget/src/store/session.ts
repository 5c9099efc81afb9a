import type { ContactInput } from '../client/types'
import type { UserAttributes } from '../shared/protocol'
import { errorMessage, serially, type WidgetContext } from './context'
import { disconnectLive } from './live'
import { localMessage, upsertMessages } from './messages'
import type { StoredSession } from './persist'
import type { Session, VisitorInfo } from './state'

const CONTACT_KEYS = ['name', 'email', 'phone_number', 'avatar_url'] as const

export function contactInput(user: VisitorInfo): ContactInput {
  const input: ContactInput = {}
  for (const key of CONTACT_KEYS) if (user[key]) input[key] = user[key]
  if (user.identifier) input.identifier = user.identifier
  if (user.identifier_hash) input.identifier_hash = user.identifier_hash
  if (user.custom_attributes && Object.keys(user.custom_attributes).length) {
    input.custom_attributes = user.custom_attributes
  }
  return input
}

/** Writes the session (ids, conversation, unsent texts), but only once storage is allowed. */
export function persist(ctx: WidgetContext): void {
  const { state, store, rt } = ctx
  const session = state.session.value
  if (!state.storageAllowed.value || !session) return
  const mine = state.outbox.value
    .filter((item) => !item.files?.length)
    .map(({ echoId, content, createdAt }) => ({ echoId, content, createdAt }))
  const stored = store.load()
  // Other tabs' unsent messages stay; retrying them is safe, the server dedupes by echo_id.
  const others = (stored?.sourceId === session.sourceId ? (stored.outbox ?? []) : []).filter(
    (item) => !rt.settled.has(item.echoId) && !mine.some((m) => m.echoId === item.echoId),
  )
  const outbox = [...others, ...mine]
  store.save({
    ...session,
    conversationId: state.conversation.value?.id,
    ...(outbox.length ? { outbox } : {}),
  })
}

/** Takes over a stored session (an earlier visit, or another tab): the visitor consented then. */
export function restore(ctx: WidgetContext, stored: StoredSession): void {
  const { state } = ctx
  const { conversationId, outbox, ...session } = stored
  state.storageAllowed.value = true
  state.session.value = session
  if (conversationId) {
    state.conversation.value = { id: conversationId, status: 'open', agentLastSeenAt: 0 }
  }
  const known = new Set(state.outbox.value.map((item) => item.echoId))
  const adopted = (outbox ?? []).filter((item) => !known.has(item.echoId))
  if (!adopted.length) return
  state.outbox.value = [...state.outbox.value, ...adopted]
  const local = adopted.map((item) => localMessage(item, conversationId ?? 0))
  state.messages.value = upsertMessages(state.messages.value, local).list
}

/** The visitor's contact on this inbox, created on first need with what we know about them. */
export function ensureContact(ctx: WidgetContext): Promise<Session> {
  const { state, rt } = ctx
  const existing = state.session.value
  if (existing) return Promise.resolve(existing)
  if (!rt.contact) {
    const generation = rt.generation
    const user = state.user.value
    rt.contact = ctx.api
      .createContact(contactInput(user))
      .then((contact) => {
        if (generation !== rt.generation) throw new Error('reset')
        const session: Session = {
          sourceId: contact.source_id,
          pubsubToken: contact.pubsub_token,
          ...(user.identifier
            ? { identityKey: hash(user.identifier), userKey: userKey(user) }
            : {}),
        }
        state.session.value = session
        persist(ctx)
        return session
      })
      .finally(() => {
        rt.contact = undefined
      })
  }
  return rt.contact
}

/**
 * A 53-bit string hash (cyrb53). Only equality matters: it lets the widget tell "same visitor,
 * same details" without keeping names, emails or ids in storage.
 */
export function hash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

export function userKey(user: VisitorInfo): string {
  return hash(
    JSON.stringify([
      user.identifier,
      user.identifier_hash,
      user.name,
      user.email,
      user.phone_number,
      user.avatar_url,
      user.custom_attributes,
    ]),
  )
}

/** Forgets the visitor in memory and in storage, and closes the live connection. */
export function clearSession(ctx: WidgetContext, options: { keepUser?: boolean } = {}): void {
  const { state, rt } = ctx
  rt.generation++
  disconnectLive(ctx)
  clearTimeout(rt.retryTimer)
  clearTimeout(rt.typingTimer)
  clearTimeout(rt.agentTypingTimer)
  rt.contact = rt.conversation = undefined
  rt.settled.clear()
  rt.pendingLabels = []
  rt.conversationAttributes = {}
  rt.triggered = rt.typingSent = rt.seenSent = false
  state.session.value = null
  state.conversation.value = null
  state.messages.value = []
  state.outbox.value = []
  state.seenUpToId.value = 0
  state.hasOlder.value = false
  state.agentTyping.value = null
  state.connection.value = 'idle'
  state.notice.value = null
  state.prechatDone.value = false
  if (!options.keepUser) {
    state.user.value = {}
    state.storageAllowed.value = false
  }
  ctx.store.clear()
}

export function setUser(ctx: WidgetContext, identifier: string, attributes: UserAttributes) {
  const { state } = ctx
  const { custom_attributes, ...rest } = attributes
  const user: VisitorInfo = { ...state.user.value, identifier }
  for (const key of [...CONTACT_KEYS, 'identifier_hash'] as const) {
    const value = rest[key]
    if (typeof value === 'string' && value) user[key] = value
  }
  if (custom_attributes)
    user.custom_attributes = { ...user.custom_attributes, ...custom_attributes }
  state.user.value = user
  state.storageAllowed.value = true
  return serially(ctx, async () => {
    const session = state.session.value
    // Someone else signed in on this browser: their conversations are not this visitor's.
    if (session?.identityKey && session.identityKey !== hash(identifier))
      clearSession(ctx, { keepUser: true })
    const current = state.session.value
    if (!current) return // the contact is created with these details when it is first needed
    const key = userKey(user)
    if (current.userKey === key) return
    try {
      await ctx.api.updateContact(current.sourceId, contactInput(user))
    } catch (error) {
      ctx.emit('error', { message: errorMessage(error), command: 'setUser' })
      return
    }
    state.session.value = { ...current, identityKey: hash(identifier), userKey: key }
    persist(ctx)
  })
}

export function updateCustomAttributes(ctx: WidgetContext, changes: Record<string, unknown>) {
  const { state } = ctx
  const merged = { ...state.user.value.custom_attributes, ...changes }
  for (const [key, value] of Object.entries(changes)) if (value === null) delete merged[key]
  state.user.value = { ...state.user.value, custom_attributes: merged }
  return serially(ctx, async () => {
    const session = state.session.value
    if (!session) return
    try {
      await ctx.api.updateContact(session.sourceId, { custom_attributes: changes })
    } catch (error) {
      ctx.emit('error', { message: errorMessage(error), command: 'setCustomAttributes' })
    }
  })
}
