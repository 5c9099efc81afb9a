// Writes the OpenAPI document the worker serves at /openapi.json to a file, without a server:
// esbuild bundles worker/app.ts for Node and the app answers one in-process request. Node has no
// `cloudflare:*` modules, so they resolve to a minimal stand-in (base classes only): the document
// is built from the route schemas and never reaches a Durable Object.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

export const root = path.resolve(import.meta.dirname, '../..')
/** The dumped document, read by the linter and the client and collection generators. */
export const DOCUMENT = path.join(root, '.wrangler', 'openapi', 'openapi.json')

const cloudflareModulesForNode = {
  name: 'cloudflare-modules-for-node',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^cloudflare:/ }, (args) => ({
      path: args.path,
      namespace: 'cloudflare-for-node',
    }))
    pluginBuild.onLoad({ filter: /.*/, namespace: 'cloudflare-for-node' }, () => ({
      contents:
        'export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env } }\n' +
        'export class WorkerEntrypoint {}\nexport const env = {}\n',
      loader: 'js',
    }))
  },
}

/** The worker's OpenAPI document, as `GET /openapi.json` returns it (or another document route's). */
export async function loadDocument(route = '/openapi.json') {
  const outdir = path.join(root, '.wrangler', 'openapi')
  const bundle = path.join(outdir, `app-${process.pid}.mjs`)
  mkdirSync(outdir, { recursive: true })
  await build({
    entryPoints: [path.join(root, 'worker', 'app.ts')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [cloudflareModulesForNode],
  })
  try {
    const { createApp } = await import(pathToFileURL(bundle).href)
    // The middleware opens a D1 session before any route runs; this route never queries it.
    const database = { withSession: () => ({ getBookmark: () => null }) }
    const response = await createApp().request(route, {}, { DIRECTORY: database })
    if (!response.ok) throw new Error(`${route} answered ${response.status}`)
    return await response.json()
  } finally {
    rmSync(bundle, { force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const document = await loadDocument()
  writeFileSync(DOCUMENT, `${JSON.stringify(document, null, 2)}\n`)
  console.log(
    `Wrote ${path.relative(root, DOCUMENT)} (${Object.keys(document.paths).length} paths)`,
  )
}
