import type { Context } from 'hono'
import { isHexColor } from '../../../protocol/shared/color'
import type { AppEnv } from '../../env'
import { sha256Hex } from '../../lib/crypto'
import { notFound } from '../../middleware/render-error'
import { createRouter } from '../router'

/**
 * The string literal in the built loader (widget/src/loader/baked.ts) that stands for the inbox
 * colour: the plain file keeps it, which the loader reads as "no colour" (the default).
 */
export const LOADER_COLOR_SLOT = '#parley-inbox-color'

/**
 * Short, so a changed colour shows within a minute; the edge may serve the old copy for a day
 * while it asks again, so a page view never waits on the database.
 */
const LOADER_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400'

/** Inbox identifiers are URL-safe tokens (lib/crypto.ts randomToken); anything else is not one. */
const INBOX_IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The inbox colour as the public inbox API gives it (asked through it, so this says no more about
 * an inbox than that API does), or undefined for an unknown inbox or any failure.
 */
async function inboxColor(c: Context<AppEnv>, identifier: string | undefined) {
  if (!identifier || !INBOX_IDENTIFIER.test(identifier)) return undefined
  const res = await c.var.redispatch(
    new Request(new URL(`/public/api/v1/inboxes/${identifier}`, c.req.url)),
  )
  if (!res.ok) return undefined
  const color = ((await res.json()) as { widget_color?: unknown }).widget_color
  // Stored colours are validated on write; checked again, as this text goes into a script.
  return isHexColor(color) ? color : undefined
}

/** Whether If-None-Match names this ETag (a list, weak or not, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

/**
 * GET /widget.js: the widget's loader from the assets. With `?inbox=<identifier>` (Parley's
 * snippet) the inbox colour is written into it, so the launcher is drawn in it with no stylesheet
 * from Parley's origin: a site's CSP needs Parley only in script-src and connect-src, and a page
 * view makes this one request. Unknown or no inbox: the plain loader (the default colour; the
 * loader asks for the inbox at idle time, as with Chatwoot's snippet). Not an API route, so not
 * in the OpenAPI document; wrangler.toml sends /widget.js to the worker first.
 */
export const widgetLoaderRoutes = createRouter().get('/widget.js', async (c) => {
  const asset = await c.env.ASSETS.fetch(new Request(new URL('/widget.js', c.req.url)))
  if (!asset.ok) return notFound(c)
  const plain = await asset.text()
  // Any failure gives the plain loader (the default colour, then the inbox's at idle time): a
  // page view never breaks on the colour.
  const color = await inboxColor(c, c.req.query('inbox')).catch(() => undefined)
  // The slot is a string literal's whole text (the minifier picks its quotes); a colour is
  // #rgb/#rrggbb, so it cannot end the literal.
  const body = color ? plain.replaceAll(LOADER_COLOR_SLOT, color) : plain
  const etag = `"${(await sha256Hex(body)).slice(0, 32)}"`
  const headers = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': LOADER_CACHE_CONTROL,
    etag,
  }
  if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
  return c.body(body, 200, headers)
})
