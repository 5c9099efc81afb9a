import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import preact from '@preact/preset-vite'
import { defineConfig, type Plugin } from 'vite'

const here = import.meta.dirname

/** Icons the offline shell shows (its favicon and the notifications'), kept with the shell. */
const SHELL_ICONS = ['/app/icons/icon.svg', '/app/icons/icon-192.png']

/**
 * Writes /app/sw.js from dashboard/pwa/sw.js with this build's hashed files and a version made
 * from their names: a deploy that changes any file is a new worker with a new cache.
 */
function serviceWorker(): Plugin {
  return {
    name: 'parley-service-worker',
    apply: 'build',
    // After writing, not in generateBundle: Vite drops its empty CSS-only chunks in its own
    // generateBundle, after this plugin's, and a listed file that 404s would fail the install.
    writeBundle(options, bundle) {
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/'))
        .map((file) => `/app/${file}`)
        .sort()
      const files = [...assets, ...SHELL_ICONS]
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12)
      const source = readFileSync(path.join(here, 'pwa', 'sw.js'), 'utf8')
        .replace('__SHELL_VERSION__', version)
        .replace('__SHELL_FILES__', JSON.stringify(files))
      writeFileSync(path.join(options.dir ?? outDir, 'sw.js'), source)
    },
  }
}

// `vite build -c dashboard/vite.config.ts` writes the agents' app into the worker's static assets
// (widget/dist/app/, after the widget's build, which empties widget/dist). Hashed files go to
// /app/assets/ and are served straight from the assets; every other /app path is the worker's
// (wrangler.toml `run_worker_first`), which answers with index.html under a strict CSP, or with
// the installable app's files (public/: the manifest and icons; the service worker above).
const outDir = path.join(here, '..', 'widget', 'dist', 'app')

export default defineConfig({
  root: here,
  base: '/app/',
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false }), serviceWorker()],
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
})
