import { expect } from 'vitest'
import { expectedCounts } from '../../../bench/worker/seed-scale'
import type { ScaleWorld } from './seed-scale'

/**
 * The reads issue 34 lists, each with what its response must say (its counts and rows, exact
 * for the rows bench/worker/seed-scale.ts writes), for read-budget.test.ts.
 */

// biome-ignore lint/suspicious/noExplicitAny: reads arbitrary JSON shapes
export type Json = any
export type Read = {
  name: string
  /** The path measured; `get` makes unmeasured requests first (for a page's cursor). */
  path: (w: ScaleWorld, get: (path: string) => Promise<Json>) => string | Promise<string>
  as?: 'admin' | 'agent'
  /** What the response returned: the budget is 10 per item. */
  items: (json: Json) => number
  /** What the response must say (its counts), whatever it cost. */
  check: (json: Json, w: ScaleWorld) => void
}

const NOW_OFFSET = 77
const since = (w: ScaleWorld) => w.plan.now - 30 * 86_400 - 1_234
const until = (w: ScaleWorld) => w.plan.now - NOW_OFFSET
const account = (w: ScaleWorld) => `/api/v1/accounts/${w.plan.accountId}`
const payloadOf = (json: Json) => (json?.data?.payload ?? json?.payload ?? []) as Json[]

function listCounts(w: ScaleWorld, who: 'admin' | 'agent') {
  const { openByInbox, openAssignedTo } = expectedCounts(w.plan)
  const inboxes = who === 'admin' ? w.plan.inboxIds : w.plan.inboxIds.slice(0, 2)
  const me = who === 'admin' ? w.admin.id : w.agent.id
  let all = 0
  let assigned = 0
  for (const inbox of inboxes) {
    all += openByInbox.get(inbox)?.all ?? 0
    assigned += openByInbox.get(inbox)?.assigned ?? 0
  }
  // Row i is assigned to agentIds[floor(i/5) % 3] in inbox i % 3: mine is counted per row.
  let mine = 0
  for (let i = 1; i <= w.plan.total; i++) {
    if (i % 4 === 0 || i % 5 !== 1) continue
    if (!inboxes.includes(w.plan.inboxIds[i % 3] as number)) continue
    if (w.plan.agentIds[Math.floor(i / 5) % 3] === me) mine++
  }
  expect(mine).toBeLessThanOrEqual(openAssignedTo.get(me) ?? 0)
  return {
    mine_count: mine,
    assigned_count: assigned,
    unassigned_count: all - assigned,
    all_count: all,
  }
}

/** A count that is exact, or the documented cap with count_capped (issue 34 allows either). */
const expectCount = (meta: Json, exact: number) => {
  if (meta.count_capped === true) expect(meta.count).toBe(100)
  else expect(meta.count).toBe(exact)
}

const contactsFound = (json: Json) => payloadOf(json).map((c: Json) => c.email)

export const READS: Read[] = [
  {
    name: 'conversations (default)',
    path: (w) => `${account(w)}/conversations`,
    items: (json) => payloadOf(json).length,
    check: (json, w) => {
      expect(payloadOf(json)).toHaveLength(25)
      expect(json.data.meta).toMatchObject(listCounts(w, 'admin'))
    },
  },
  {
    name: 'conversations (agent of two inboxes)',
    path: (w) => `${account(w)}/conversations`,
    as: 'agent',
    items: (json) => payloadOf(json).length,
    check: (json, w) => {
      expect(payloadOf(json)).toHaveLength(25)
      expect(json.data.meta).toMatchObject(listCounts(w, 'agent'))
    },
  },
  {
    name: 'conversations (open, unassigned)',
    path: (w) => `${account(w)}/conversations?status=open&assignee_type=unassigned`,
    items: (json) => payloadOf(json).length,
    check: (json, w) => {
      expect(payloadOf(json)).toHaveLength(25)
      expect(payloadOf(json).every((c: Json) => c.meta?.assignee == null)).toBe(true)
      expect(json.data.meta).toMatchObject(listCounts(w, 'admin'))
    },
  },
  {
    name: 'conversations (resolved, page 50)',
    path: (w) => `${account(w)}/conversations?status=resolved&page=50`,
    items: (json) => payloadOf(json).length,
    check: (json) => {
      expect(payloadOf(json)).toHaveLength(25)
      expect(payloadOf(json).every((c: Json) => c.status === 'resolved')).toBe(true)
    },
  },
  {
    name: 'conversations (resolved, page 50 by its cursor)',
    path: async (w, get) => {
      const page49 = await get(`${account(w)}/conversations?status=resolved&page=49`)
      return `${account(w)}/conversations?status=resolved&page=50&cursor=${page49.data.meta.next_cursor}`
    },
    items: (json) => payloadOf(json).length,
    check: (json) => {
      expect(payloadOf(json)).toHaveLength(25)
      expect(payloadOf(json).every((c: Json) => c.status === 'resolved')).toBe(true)
    },
  },
  {
    // Chatwoot's clients page by number alone: the page before left where this one starts.
    name: 'conversations (resolved, page 50 right after page 49, no cursor)',
    path: async (w, get) => {
      await get(`${account(w)}/conversations?status=resolved&page=49`)
      return `${account(w)}/conversations?status=resolved&page=50`
    },
    items: (json) => payloadOf(json).length,
    check: (json) => {
      expect(payloadOf(json)).toHaveLength(25)
      expect(payloadOf(json).every((c: Json) => c.status === 'resolved')).toBe(true)
    },
  },
  {
    name: "conversations (one inbox, open: the dashboard's inbox list)",
    path: (w) => `${account(w)}/conversations?inbox_id=${w.plan.inboxIds[0]}&status=open`,
    items: (json) => payloadOf(json).length,
    check: (json, w) => {
      const inbox = w.plan.inboxIds[0] as number
      expect(payloadOf(json)).toHaveLength(25)
      expect(payloadOf(json).every((c: Json) => c.inbox_id === inbox)).toBe(true)
      const open = expectedCounts(w.plan).openByInbox.get(inbox)
      expect(json.data.meta).toMatchObject({
        all_count: open?.all,
        assigned_count: open?.assigned,
        unassigned_count: (open?.all ?? 0) - (open?.assigned ?? 0),
      })
    },
  },
  {
    name: 'conversations (message search, one match)',
    path: (w) => `${account(w)}/conversations?q=${encodeURIComponent('conversation 19981')}`,
    items: (json) => payloadOf(json).length,
    check: (json) => expect(payloadOf(json).map((c: Json) => c.id)).toEqual([19981]),
  },
  {
    name: 'conversations (message search, a term in a thousand messages)',
    path: (w) => `${account(w)}/conversations?q=${encodeURIComponent('Message 2 of')}`,
    items: (json) => payloadOf(json).length,
    check: (json) => {
      // The newest candidates answer; the counts say they are a floor.
      expect(payloadOf(json)).toHaveLength(25)
      expect(json.data.meta.counts_capped).toBe(true)
    },
  },
  {
    name: 'conversations (message search, two letters in every message)',
    path: (w) => `${account(w)}/conversations?q=ge`,
    items: (json) => payloadOf(json).length,
    check: (json) => {
      // Too short for the index: the newest messages answer (three to a conversation here).
      expect(payloadOf(json)).toHaveLength(9)
      expect(json.data.meta.counts_capped).toBe(true)
    },
  },
  {
    name: 'conversations (message search, one letter in none)',
    path: (w) => `${account(w)}/conversations?q=z`,
    items: (json) => payloadOf(json).length,
    check: (json) => {
      expect(payloadOf(json)).toHaveLength(0)
      expect(json.data.meta.counts_capped).toBe(true)
    },
  },
  {
    name: 'conversations/meta',
    path: (w) => `${account(w)}/conversations/meta`,
    items: () => 0,
    check: (json, w) => expect(json.meta).toMatchObject(listCounts(w, 'admin')),
  },
  {
    name: 'conversations/meta (agent of two inboxes)',
    path: (w) => `${account(w)}/conversations/meta`,
    as: 'agent',
    items: () => 0,
    check: (json, w) => expect(json.meta).toMatchObject(listCounts(w, 'agent')),
  },
  {
    name: 'contacts (page 1)',
    path: (w) => `${account(w)}/contacts`,
    items: (json) => payloadOf(json).length,
    check: (json, w) => {
      expect(payloadOf(json)).toHaveLength(15)
      expectCount(json.meta, w.plan.total)
    },
  },
  {
    name: 'contacts (page 1000)',
    path: (w) => `${account(w)}/contacts?page=1000`,
    items: (json) => payloadOf(json).length,
    check: (json, w) => {
      expect(payloadOf(json)).toHaveLength(15)
      expectCount(json.meta, w.plan.total)
    },
  },
  {
    name: 'contacts (page 1000 right after page 999, no cursor)',
    path: async (w, get) => {
      await get(`${account(w)}/contacts?page=999`)
      return `${account(w)}/contacts?page=1000`
    },
    items: (json) => payloadOf(json).length,
    check: (json, w) => {
      expect(payloadOf(json)).toHaveLength(15)
      expectCount(json.meta, w.plan.total)
    },
  },
  {
    name: 'contacts (page 1000 by its cursor)',
    path: async (w, get) => {
      const page999 = await get(`${account(w)}/contacts?page=999`)
      return `${account(w)}/contacts?page=1000&cursor=${page999.meta.next_cursor}`
    },
    items: (json) => payloadOf(json).length,
    check: (json, w) => {
      expect(payloadOf(json)).toHaveLength(15)
      expectCount(json.meta, w.plan.total)
    },
  },
  ...(['z', 'zz'] as const).map(
    (q): Read => ({
      name: `contacts/search?q=${q} (matches none)`,
      path: (w) => `${account(w)}/contacts/search?q=${q}`,
      items: (json) => payloadOf(json).length,
      check: (json) => expect(payloadOf(json)).toEqual([]),
    }),
  ),
  {
    name: 'contacts/search?q=ct9@e (a rare substring)',
    path: (w) => `${account(w)}/contacts/search?q=${encodeURIComponent('ct9@e')}`,
    items: (json) => payloadOf(json).length,
    check: (json) => expect(contactsFound(json)).toEqual(['contact9@example.com']),
  },
  {
    name: 'contacts/search?q=contact (matches every contact)',
    path: (w) => `${account(w)}/contacts/search?q=contact`,
    items: (json) => payloadOf(json).length,
    // Only the page: search's meta.count said 15 here for 20,000 matches when this was written.
    check: (json) => {
      expect(payloadOf(json)).toHaveLength(15)
      expect(contactsFound(json).every((e: string) => e.startsWith('contact'))).toBe(true)
    },
  },
  {
    name: 'contacts/search?q=contact5 (one in nine)',
    path: (w) => `${account(w)}/contacts/search?q=contact5`,
    items: (json) => payloadOf(json).length,
    check: (json) => {
      expect(payloadOf(json)).toHaveLength(15)
      expect(contactsFound(json).every((e: string) => e.startsWith('contact5'))).toBe(true)
    },
  },
  {
    name: 'contacts/search?q=0004242 (digits of a phone number)',
    path: (w) => `${account(w)}/contacts/search?q=0004242`,
    items: (json) => payloadOf(json).length,
    check: (json) => expect(contactsFound(json)).toEqual(['contact4242@example.com']),
  },
  {
    name: 'reports/summary (30 days, unaligned)',
    path: (w) =>
      `/api/v2/accounts/${w.plan.accountId}/reports/summary?type=account&since=${since(w)}&until=${until(w)}`,
    items: () => 1,
    check: (json, w) => {
      // Row i was created at now - (total - i) · step (bench/worker/seed-scale.ts).
      const step = Math.max(1, Math.floor((30 * 86_400) / w.plan.total))
      // Reports count whole minutes: the range widens to the minutes its ends fall in.
      const from = Math.floor(since(w) / 60) * 60
      const to = Math.ceil(until(w) / 60) * 60
      let created = 0
      for (let i = 1; i <= w.plan.total; i++) {
        const at = w.plan.now - (w.plan.total - i) * step
        if (at >= from && at < to) created++
      }
      expect(json.conversations_count).toBe(created)
    },
  },
  {
    name: 'conversation details',
    path: (w) => `${account(w)}/conversations/21`,
    items: () => 1,
    check: (json) => {
      expect(json.id).toBe(21)
      expect(json.messages).toHaveLength(3)
    },
  },
  {
    name: 'conversation messages',
    path: (w) => `${account(w)}/conversations/21/messages`,
    items: (json) => payloadOf(json).length,
    check: (json) =>
      expect(payloadOf(json).map((m: Json) => m.content)).toEqual(
        [1, 2, 3].map((k) => `Message ${k} of conversation 21`),
      ),
  },
]
