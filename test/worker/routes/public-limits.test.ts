import { describe, expect, it } from 'vitest'
import { expectError } from '../helpers'
import {
  accountSnapshot,
  conversationOf,
  conversationsOf,
  countRows,
  createPublicInbox,
  createVisitor,
  eventRows,
  expectAccountUnchanged,
  freshAddress,
  publicScene,
  startConversation,
} from '../public-helpers'

// wrangler.toml: VISITOR_RATE_LIMITER 120 / 60 s, IP_RATE_LIMITER 300 / 60 s. Windows follow the
// clock, so a loop may straddle one; twice the limit plus one always reaches a refusal.
const VISITOR_LIMIT = 120
const ADDRESS_LIMIT = 300
/** Hundreds of requests in a row take longer than vitest's default 5 s. */
const LOOP_TIMEOUT_MS = 120_000

/** Sends until the first non-200 answer; returns it and how many succeeded before it. */
async function untilRefused<R extends { status: number }>(send: () => Promise<R>, limit: number) {
  for (let accepted = 0; accepted <= 2 * limit + 1; accepted++) {
    const res = await send()
    if (res.status !== 200) return { res, accepted }
  }
  throw new Error('never refused')
}

describe('abuse limits on the public client API', () => {
  it(
    'refuses a visitor sending too many messages with 429 and Retry-After, writing nothing',
    async () => {
      const { world, inbox } = await publicScene()
      const visitor = await createVisitor(inbox)
      const conversation = await startConversation(inbox, visitor)
      const path = `${conversationOf(visitor, conversation.displayId)}/messages`
      let n = 0
      const { res, accepted } = await untilRefused(
        () => inbox.call(path, { body: { content: `m${n++}` } }),
        VISITOR_LIMIT,
      )
      expect(accepted).toBeGreaterThanOrEqual(VISITOR_LIMIT)
      expectError(res, 429, 'rate_limited')
      expect(res.headers.get('retry-after')).toBe('60')
      expect(await countRows('messages', 'conversation_id = ?', conversation.id)).toBe(accepted)
      // Another visitor of the same inbox is not held back.
      const other = await createVisitor(inbox)
      const theirs = await startConversation(inbox, other)
      const ok = await inbox.call(`${conversationOf(other, theirs.displayId)}/messages`, {
        body: { content: 'fine' },
      })
      expect(ok.status).toBe(200)
      expect(world.accountId).toBeGreaterThan(0)
    },
    LOOP_TIMEOUT_MS,
  )

  it(
    'refuses a visitor toggling typing too often with 429',
    async () => {
      const { inbox } = await publicScene()
      const visitor = await createVisitor(inbox)
      const conversation = await startConversation(inbox, visitor)
      const path = `${conversationOf(visitor, conversation.displayId)}/toggle_typing`
      let on = false
      const { res } = await untilRefused(() => {
        on = !on
        return inbox.call(path, { body: { typing_status: on ? 'on' : 'off' } })
      }, VISITOR_LIMIT)
      expectError(res, 429, 'rate_limited')
      expect(res.headers.get('retry-after')).toBe('60')
    },
    LOOP_TIMEOUT_MS,
  )

  it(
    'refuses one client address creating too many contacts and conversations, creating nothing',
    async () => {
      const { world, inbox } = await publicScene('api')
      const address = freshAddress()
      const headers = { 'cf-connecting-ip': address }
      const visitor = await createVisitor(inbox)
      const { res, accepted } = await untilRefused(
        () => inbox.call('/contacts', { body: {}, headers }),
        ADDRESS_LIMIT,
      )
      expect(accepted).toBeGreaterThanOrEqual(ADDRESS_LIMIT - 1)
      expectError(res, 429, 'rate_limited')
      expect(res.headers.get('retry-after')).toBe('60')
      const before = await accountSnapshot(world.accountId)
      const conversation = await inbox.call(conversationsOf(visitor), { body: {}, headers })
      expectError(conversation, 429, 'rate_limited')
      expectError(await inbox.call('/contacts', { body: {}, headers }), 429)
      await expectAccountUnchanged(world.accountId, before)
      // Other addresses are unaffected.
      const elsewhere = await inbox.call('/contacts', {
        body: {},
        headers: { 'cf-connecting-ip': freshAddress() },
      })
      expect(elsewhere.status).toBe(200)
    },
    LOOP_TIMEOUT_MS,
  )
})

describe('POST …/contacts/{source_id}/events (webwidget.triggered)', () => {
  it('writes a webwidget_triggered event row with the latest conversation, if any', async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const path = `/contacts/${visitor.sourceId}/events`
    const info = { initiated_at: { timestamp: 'now' }, referer: 'https://shop.example.com/p/1' }
    const first = await inbox.call(path, {
      body: { name: 'webwidget.triggered', event_info: info },
    })
    expect(first.status).toBe(200)
    expect(first.json).toEqual({})
    const conversation = await startConversation(inbox, visitor)
    await inbox.call(path, { body: { name: 'webwidget.triggered', event_info: {} } })
    const rows = await eventRows(world.accountId, 'webwidget_triggered')
    expect(rows).toEqual([
      expect.objectContaining({
        contact_id: visitor.contactId,
        inbox_id: inbox.id,
        conversation_id: null,
        data: { source_id: visitor.sourceId, event_info: info },
      }),
      expect.objectContaining({ conversation_id: conversation.id }),
    ])
  })

  it('refuses another event name (422) and a foreign source_id (404), writing nothing', async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const other = await createPublicInbox(world, 'api')
    const elsewhere = await createVisitor(other)
    const before = await accountSnapshot(world.accountId)
    const wrong = await inbox.call(`/contacts/${visitor.sourceId}/events`, {
      body: { name: 'something.else', event_info: {} },
    })
    expectError(wrong, 422, 'validation_failed')
    const foreign = await inbox.call(`/contacts/${elsewhere.sourceId}/events`, {
      body: { name: 'webwidget.triggered', event_info: {} },
    })
    expectError(foreign, 404, 'not_found')
    await expectAccountUnchanged(world.accountId, before)
  })
})
