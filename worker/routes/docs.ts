import type { Context } from 'hono'
import { html, raw } from 'hono/html'

type Operation = { summary?: string; description?: string; tags?: string[] }
export type OpenApiDocument = {
  info: { title: string; description?: string }
  paths?: Record<string, object>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** A readable API reference built from the OpenAPI document: no script, no third-party assets. */
export function renderDocs(c: Context, doc: OpenApiDocument) {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method]
      if (!op) continue
      const tag = op.tags?.[0] ?? 'Other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }])
    }
  }
  const sections = [...byTag.entries()].map(
    ([tag, ops]) =>
      html`<section><h2>${tag}</h2>${ops.map(
        ({ method, path, op }) =>
          html`<article><h3><code class="m ${method}">${method.toUpperCase()}</code> <code>${path}</code></h3><p>${op.summary ?? ''}</p>${op.description ? html`<p class="d">${op.description}</p>` : ''}</article>`,
      )}</section>`,
  )
  return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${doc.info.title} reference</title>
<style>${raw(STYLE)}</style></head>
<body><main><h1>${doc.info.title}</h1><p>${doc.info.description ?? ''}</p>
<p>Machine-readable contract: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Authenticate with the <code>api_access_token</code> header.</p>
${sections}</main></body></html>`)
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}
main{max-width:960px;margin:0 auto;padding:24px}h2{border-bottom:1px solid #ddd;margin-top:32px}
article{padding:4px 0}h3{font-size:15px;margin:8px 0 0}p{margin:2px 0}.d{color:#555}
code{font:13px ui-monospace,monospace}.m{display:inline-block;min-width:56px;color:#fff;border-radius:4px;padding:1px 6px;text-align:center}
.get{background:#1a7f37}.post{background:#0969da}.put,.patch{background:#9a6700}.delete{background:#cf222e}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}.d{color:#9aa4ae}}`
