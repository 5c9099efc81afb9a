import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../../worker/app'
import { APP_CSP } from '../../../worker/routes/app-shell'

const PAGE =
  '<!doctype html><title>Parley</title><script type="module" src="/app/assets/main-x.js">'

/** The installable app's files as the assets hold them (public/ and the built worker). */
const INSTALL_FILES: Record<string, { body: string; type: string }> = {
  '/app/sw.js': { body: 'self.addEventListener("push", () => {})', type: 'text/javascript' },
  '/app/manifest.webmanifest': { body: '{"name":"Parley"}', type: 'application/octet-stream' },
  '/app/icons/icon-192.png': { body: 'png', type: 'image/png' },
}

/**
 * Stands in for the static assets: the built page answers at /app/ (as the assets do with their
 * default html_handling), the hashed bundles do not exist. Records what the worker asked for.
 */
function fakeAssets() {
  const asked: string[] = []
  const ASSETS = {
    async fetch(input: Request | string) {
      const url = new URL(typeof input === 'string' ? input : input.url)
      asked.push(url.pathname)
      if (url.pathname === '/app/') {
        return new Response(PAGE, { headers: { 'content-type': 'text/html', etag: '"v1"' } })
      }
      const file = INSTALL_FILES[url.pathname]
      if (file) return new Response(file.body, { headers: { 'content-type': file.type } })
      if (url.pathname === '/app/index.html') {
        return new Response(null, { status: 307, headers: { location: '/app/' } })
      }
      return new Response('not found', { status: 404 })
    },
  }
  return { ASSETS, asked }
}

async function get(path: string, assets = fakeAssets()) {
  const ctx = createExecutionContext()
  const res = await app.request(path, {}, { ...env, ASSETS: assets.ASSETS }, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

describe('the dashboard shell under /app', () => {
  it.each([
    '/app',
    '/app/',
    '/app/login',
    '/app/accounts/1/dashboard',
    '/app/accounts/1/conversations/7',
  ])('answers %s with the app page', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).toBe(PAGE)
  })

  it('sends the strict policy, with no inline script or style allowed', async () => {
    const res = await get('/app/accounts/1/dashboard')
    const csp = res.headers.get('content-security-policy')
    expect(csp).toBe(APP_CSP)
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('tells the browser to revalidate the page, which names the current bundles', async () => {
    const res = await get('/app/login')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('never answers a missing hashed bundle with the page', async () => {
    const assets = fakeAssets()
    const res = await get('/app/assets/main-gone.js', assets)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(assets.asked).toEqual([])
  })

  it('is a 404 in the envelope when the dashboard is not built', async () => {
    const empty = { ASSETS: { fetch: async () => new Response('nope', { status: 404 }) } }
    const res = await get('/app/login', { ...empty, asked: [] })
    expect(res.status).toBe(404)
    expect((await res.json()) as object).toMatchObject({ error: 'not_found' })
  })

  it('leaves paths that only start with "app" alone', async () => {
    const res = await get('/apple')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-security-policy')).toBeNull()
  })
})

describe('the installable app’s files under /app', () => {
  it('serves the service worker as script, revalidated each time so a deploy reaches it', async () => {
    const res = await get('/app/sw.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toBe(INSTALL_FILES['/app/sw.js']?.body)
  })

  it('serves the manifest as a web app manifest and the icons as they are', async () => {
    const manifest = await get('/app/manifest.webmanifest')
    expect(manifest.status).toBe(200)
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json')
    expect(await manifest.json()).toEqual({ name: 'Parley' })
    const icon = await get('/app/icons/icon-192.png')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/png')
  })

  it('answers a missing icon with a 404, not the page', async () => {
    const res = await get('/app/icons/gone.png')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  })
})
