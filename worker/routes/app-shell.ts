import type { Context } from 'hono'
import { notFound } from '../middleware/render-error'
import { createRouter } from './router'

/**
 * The dashboard's policy: everything from this origin, no inline script or style (Vite emits
 * none; the app sets sizes through classes or the CSSOM, which style-src does not govern).
 * Images may come from https (contact avatars and attachments on other hosts) and from data:/blob:
 * (previews of files being attached); media the same for audio and video attachments.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Where the assets keep the app's page. With the default html_handling (auto-trailing-slash) the
 * assets answer /app/index.html with a redirect to /app/, so the directory is asked first.
 */
const INDEX_PATHS = ['/app/', '/app/index.html']

/**
 * The installable app's files (dashboard/public and the built service worker), with the type
 * each must have: the worker must be script, and is revalidated on every check so a deploy's
 * new shell reaches installed apps; the manifest gets its registered type.
 */
const INSTALL_FILES: Record<string, { type?: string; cacheControl?: string }> = {
  '/app/sw.js': { type: 'text/javascript; charset=utf-8', cacheControl: 'no-cache' },
  '/app/manifest.webmanifest': { type: 'application/manifest+json' },
}

/** The service worker, the manifest or an icon from the assets; a 404 when it is not there. */
async function serveInstallFile(c: Context, path: string) {
  const file = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url)))
  if (!file.ok) return notFound(c)
  const headers = new Headers(file.headers)
  const rule = INSTALL_FILES[path] ?? {}
  if (rule.type) headers.set('content-type', rule.type)
  if (rule.cacheControl) headers.set('cache-control', rule.cacheControl)
  return new Response(file.body, { status: 200, headers })
}

async function renderAppShell(c: Context) {
  // Hashed files that are missing must not turn into the page (a stale tab would run HTML as JS).
  if (c.req.path.startsWith('/app/assets/')) return notFound(c)
  if (Object.hasOwn(INSTALL_FILES, c.req.path) || c.req.path.startsWith('/app/icons/')) {
    return serveInstallFile(c, c.req.path)
  }
  let page: Response | undefined
  for (const path of INDEX_PATHS) {
    const res = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url)))
    if (res.ok) {
      page = res
      break
    }
  }
  if (!page) return notFound(c)
  const headers = new Headers(page.headers)
  headers.set('content-type', 'text/html; charset=utf-8')
  headers.set('content-security-policy', APP_CSP)
  // The page names the hashed bundles of the current build: always revalidate it.
  headers.set('cache-control', 'no-cache')
  return new Response(page.body, { status: 200, headers })
}

/**
 * The agents' app (dashboard/, built into the assets under /app): every /app route is the same
 * page, which routes in the browser; wrangler.toml sends these paths to the worker first.
 */
export const appShellRoutes = createRouter()
  .get('/app', renderAppShell)
  .get('/app/*', renderAppShell)
