import type { Context } from 'hono'
import { html } from 'hono/html'

type Operation = { summary?: string; description?: string; tags?: string[] }
export type OpenApiDocument = {
  info: { title: string; description?: string }
  paths?: Record<string, object>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/**
 * The page's only sources are this origin: Swagger UI and its init script are static assets
 * (scripts/openapi/build-docs.mjs), so no inline script or style is allowed. Swagger UI's React
 * sets element styles through the CSSOM, which style-src does not govern; its stylesheet's icons
 * are data: URIs. "Try it out" calls this origin's API (connect-src 'self').
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The interactive API reference: Swagger UI over /openapi.json. Without JavaScript the page still
 * lists every operation, drawn here from the same document.
 */
export function renderDocs(c: Context, doc: OpenApiDocument) {
  c.header('Content-Security-Policy', DOCS_CSP)
  return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${doc.info.title} reference</title>
<link rel="icon" type="image/png" href="/reference/favicon-32x32.png">
<link rel="stylesheet" href="/reference/swagger-ui.css">
<link rel="stylesheet" href="/reference/reference.css">
</head>
<body>
<header class="parley-docs-intro"><p>Machine-readable contract: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).
Authenticate with the <code>api_access_token</code> header: <b>Authorize</b>, then <b>Try it out</b> on an operation.</p></header>
<main><div id="swagger-ui"></div><noscript>${operationList(doc)}</noscript></main>
<script src="/reference/swagger-ui-bundle.js"></script>
<script src="/reference/init.js"></script>
</body></html>`)
}

/** Every operation by its first tag: the page's content for readers without JavaScript. */
function operationList(doc: OpenApiDocument) {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method]
      if (!op) continue
      const tag = op.tags?.[0] ?? 'Other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }])
    }
  }
  return html`<h1>${doc.info.title}</h1><p>${doc.info.description ?? ''}</p>${[
    ...byTag.entries(),
  ].map(
    ([tag, ops]) =>
      html`<section><h2>${tag}</h2>${ops.map(
        ({ method, path, op }) =>
          html`<article><h3><code>${method.toUpperCase()}</code> <code>${path}</code></h3><p>${op.summary ?? ''}</p>${op.description ? html`<p>${op.description}</p>` : ''}</article>`,
      )}</section>`,
  )}`
}
