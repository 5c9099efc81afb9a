import path from 'node:path'
import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'

const here = import.meta.dirname

// `vite build -c dashboard/vite.config.ts` writes the agents' app into the worker's static assets
// (widget/dist/app/, after the widget's build, which empties widget/dist). Hashed files go to
// /app/assets/ and are served straight from the assets; every other /app path is the worker's
// (wrangler.toml `run_worker_first`), which answers with index.html under a strict CSP.
export default defineConfig({
  root: here,
  base: '/app/',
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false })],
  build: {
    outDir: path.join(here, '..', 'widget', 'dist', 'app'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
})
