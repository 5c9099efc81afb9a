import { Hono, type MiddlewareHandler } from 'hono'
import { html } from 'hono/html'
import { findDemoWebsiteInboxIdentifier } from '../db/queries/demo'
import type { AppEnv } from '../env'
import { apiError } from '../errors'

/**
 * The pages `npm start` shows a newcomer (DEMO_PAGES=1 only): a shop page with the widget (answered
 * in the agent inbox at /app) and two pages the browser tests embed the widget in (a strict CSP and
 * Chatwoot's snippet). They are not part of the API and are not in the OpenAPI document.
 */
export const demoRoutes = new Hono<AppEnv>()

const demoOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.DEMO_PAGES !== '1') throw apiError('not_found')
  await next()
}
demoRoutes.use('/', demoOnly)
demoRoutes.use('/demo/*', demoOnly)

const demoInbox = (c: { env: AppEnv['Bindings'] }) => findDemoWebsiteInboxIdentifier(c.env)

/** Inbox identifiers are URL-safe tokens (lib/crypto.ts randomToken); anything else is not one. */
const INBOX_IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The shop page's inbox: `?inbox=<identifier>` shows another website inbox's widget (to try an
 * inbox's settings, as the browser tests do), else the demo inbox.
 */
async function shopInbox(c: {
  env: AppEnv['Bindings']
  req: { query(name: string): string | undefined }
}) {
  const asked = c.req.query('inbox')
  return asked && INBOX_IDENTIFIER.test(asked) ? asked : demoInbox(c)
}

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:24px}'

demoRoutes.get('/demo/page.css', (c) => c.body(STYLE, 200, { 'content-type': 'text/css' }))

demoRoutes.get('/', async (c) => {
  const identifier = await shopInbox(c)
  if (!identifier) return c.text('Run `npm start` to seed the demo inbox.', 404)
  return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Parley demo shop</title><link rel="stylesheet" href="/demo/page.css"><link rel="icon" href="/app/icons/icon.svg" type="image/svg+xml"></head>
<body><main><h1>Parley demo shop</h1>
<p>This page embeds the chat widget with one script tag. Open it from the button in the corner.</p>
<p>Answer as an agent in <a href="/app/login">the agent inbox</a> (npm start prints the demo agent’s sign-in).</p></main>
<script src="/widget.js?inbox=${identifier}" async></script></body></html>`)
})

demoRoutes.get('/demo/strict-csp', async (c) => {
  const identifier = await demoInbox(c)
  const nonce = crypto.randomUUID().replaceAll('-', '')
  c.header(
    'content-security-policy',
    `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self'; connect-src 'self' ws: wss:`,
  )
  return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Strict CSP page</title><link rel="stylesheet" href="/demo/page.css"><link rel="icon" href="/app/icons/icon.svg" type="image/svg+xml"></head>
<body><main><h1>A page with a strict Content-Security-Policy</h1></main>
<script nonce="${nonce}" src="/widget.js?inbox=${identifier ?? ''}" async></script></body></html>`)
})

demoRoutes.get('/demo/chatwoot', async (c) => {
  const identifier = await demoInbox(c)
  return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chatwoot snippet page</title><link rel="stylesheet" href="/demo/page.css"><link rel="icon" href="/app/icons/icon.svg" type="image/svg+xml"></head>
<body><main><h1>Chatwoot's embed snippet, with only the script URL changed</h1></main>
<script src="/demo/chatwoot-snippet.js" data-token="${identifier ?? ''}"></script></body></html>`)
})

// Chatwoot's snippet, verbatim but for the script path, as an external file.
demoRoutes.get('/demo/chatwoot-snippet.js', (c) =>
  c.body(
    `(function(d,t){var BASE_URL=location.origin;var token=d.currentScript.dataset.token;
var g=d.createElement(t),s=d.getElementsByTagName(t)[0];g.src=BASE_URL+"/widget.js";g.async=true;
s.parentNode.insertBefore(g,s);g.onload=function(){window.chatwootSDK.run({websiteToken:token,baseUrl:BASE_URL})}})(document,"script");`,
    200,
    { 'content-type': 'text/javascript' },
  ),
)
