import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../../../worker/app'
import { LOADER_COLOR_SLOT } from '../../../../worker/routes/public/widget-loader'
import { accountDb } from '../../helpers'
import { publicScene } from '../../public-helpers'

// The built loader carries the slot as a string literal (the minifier writes it in backticks),
// where the worker writes the colour.
const BUILT_LOADER = `(()=>{var c=\`${LOADER_COLOR_SLOT}\`;run(c)})();`

/** Stands in for the static assets: the built widget.js (the e2e tests use the real one). */
const fakeAssets = {
  async fetch(input: Request | string) {
    const url = new URL(typeof input === 'string' ? input : input.url)
    if (url.pathname === '/widget.js') {
      return new Response(BUILT_LOADER, { headers: { 'content-type': 'text/javascript' } })
    }
    return new Response('not found', { status: 404 })
  },
}

async function get(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext()
  const res = await app.request(path, { headers }, { ...env, ASSETS: fakeAssets }, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

describe('GET /widget.js?inbox=', () => {
  it('serves the loader with the inbox colour inside it, cacheable at the edge', async () => {
    const { inbox } = await publicScene('web_widget', { channel: { widget_color: '#0b5cad' } })
    const res = await get(`/widget.js?inbox=${inbox.identifier}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=60, stale-while-revalidate=86400',
    )
    // Loaded by other sites' pages: no CORP header may keep it out.
    expect(res.headers.get('cross-origin-resource-policy')).toBeNull()
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{16,}"$/)
    expect(await res.text()).toBe('(()=>{var c=`#0b5cad`;run(c)})();')
  })

  it('answers a matching If-None-Match with 304 and no body, and a changed colour with a new ETag', async () => {
    const { world, inbox } = await publicScene('web_widget', {
      channel: { widget_color: '#0b5cad' },
    })
    const first = await get(`/widget.js?inbox=${inbox.identifier}`)
    const etag = first.headers.get('etag') as string
    const again = await get(`/widget.js?inbox=${inbox.identifier}`, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)

    await (await accountDb(world.accountId))
      .prepare("update inboxes set settings = json_set(settings, '$.widget_color', ?) where id = ?")
      .bind('#ffcc00', inbox.id)
      .run()
    const changed = await get(`/widget.js?inbox=${inbox.identifier}`, { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(await changed.text()).toContain('`#ffcc00`')
  })

  it('serves the plain loader (default colour) for an unknown inbox, a malformed one or none', async () => {
    for (const path of [
      '/widget.js?inbox=no-such-inbox',
      '/widget.js?inbox=%22%3B',
      '/widget.js',
    ]) {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(BUILT_LOADER)
    }
  })

  it('never writes a stored value that is not a colour into the script', async () => {
    const { world, inbox } = await publicScene('web_widget', {
      channel: { widget_color: '#123456' },
    })
    await (await accountDb(world.accountId))
      .prepare("update inboxes set settings = json_set(settings, '$.widget_color', ?) where id = ?")
      .bind('#000";alert(1);"', inbox.id)
      .run()
    const res = await get(`/widget.js?inbox=${inbox.identifier}`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(BUILT_LOADER)
  })
})
