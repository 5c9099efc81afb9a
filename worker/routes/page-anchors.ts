import type { Context } from 'hono'
import type { AppEnv, Principal } from '../env'
import { sha256Hex } from '../lib/crypto'
import { describeError, log } from '../lib/log'

/**
 * Where page N of a list starts, for clients that page by number (Chatwoot's `page`) and never
 * send `cursor`: the cursor a page's response carries (`meta.next_cursor`) is also kept in the
 * Cache API for a minute, under the list, the caller and the next page's number. The next page
 * then starts after it as if the client had sent it, reading only its own rows instead of every
 * row before it (issue 34). A page nobody asked the page before of within the minute still
 * counts its way there.
 *
 * An anchor is only a position in the sort: the page read from it still applies every filter
 * and the caller's current rights. It is the caller's own (a user or bot, by its credential), so
 * an agent who sees fewer inboxes never starts where an administrator's page ended. If rows
 * moved between the two requests, the page continues after the last row the caller was shown
 * (none shown twice), as a cursor does. The Cache API lives in each data centre, where a
 * client's consecutive requests land; on workers.dev it keeps nothing, and `page` walks as before.
 */
const ANCHOR_SECONDS = 60

/** What the caller signed in with. A dashboard session's cookie leaves `token` empty. */
function credentialOf(principal: Principal): string {
  if (principal.type === 'platform_app') return ''
  if (principal.type === 'user' && principal.session) return principal.session.tokenHash
  return principal.token
}

/**
 * The list a page belongs to: the account, the caller's credential (hashed: a cache key is no
 * place for a token) and every parameter but page and cursor.
 */
async function anchoredList(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url)
  const params = [...url.searchParams].filter(([name]) => name !== 'page' && name !== 'cursor')
  params.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
  const { principal } = c.var
  const caller = await sha256Hex(`${principal.type}:${principal.id}:${credentialOf(principal)}`)
  return `${url.origin}/__page-anchors/${c.var.accountId}/${caller}${url.pathname}?${new URLSearchParams(params)}`
}

const anchorKey = (list: string, page: number) => `${list}&__page=${page}`

/** The cursor page `page` of the list starts after, when the page before it was served lately. */
async function pageAnchor(list: string, page: number): Promise<string | undefined> {
  if (page < 2) return undefined
  try {
    const hit = await caches.default.match(anchorKey(list, page))
    return hit ? await hit.text() : undefined
  } catch (error) {
    // Without the cache the page is found by counting, as before.
    log.warn('page anchor unreadable', { error: describeError(error) })
    return undefined
  }
}

/**
 * The anchors this isolate kept lately, with when: a list asked for again and again (page 1 of
 * an inbox, polled) leaves the same anchor each time, and is written again only when it is half
 * its life old. Bounded; the oldest goes first.
 */
const kept = new Map<string, { cursor: string; at: number }>()
const MAX_KEPT = 1_000

/** Keeps `cursor` (a full page's next_cursor) as where page `page` of the list starts. */
function rememberPageAnchor(c: Context<AppEnv>, list: string, page: number, cursor: string): void {
  const key = anchorKey(list, page)
  const now = Date.now()
  const last = kept.get(key)
  if (last && last.cursor === cursor && now - last.at < (ANCHOR_SECONDS * 1000) / 2) return
  kept.delete(key)
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value ?? '')
  kept.set(key, { cursor, at: now })
  const response = new Response(cursor, {
    headers: { 'cache-control': `max-age=${ANCHOR_SECONDS}` },
  })
  c.executionCtx.waitUntil(
    caches.default.put(key, response).catch((error: unknown) => {
      log.warn('page anchor not kept', { error: describeError(error) })
    }),
  )
}

/**
 * A list page's anchors, for a request without `cursor`: where it starts (`start`, when the page
 * before left one), and `keep`, which leaves the next page's start (a full page's next_cursor).
 * A request with `cursor` starts there and keeps nothing.
 */
export async function pageAnchors(c: Context<AppEnv>, page: number, cursor: string | undefined) {
  const list = cursor === undefined ? await anchoredList(c) : undefined
  const start = list ? await pageAnchor(list, page) : undefined
  const keep = (next: string | undefined) => {
    if (list && next) rememberPageAnchor(c, list, page + 1, next)
  }
  return { start, keep }
}
