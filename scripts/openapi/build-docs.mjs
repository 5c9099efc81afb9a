// Copies the API reference's browser files into the static assets (widget/dist/reference/), run
// after the widget's Vite build (which empties widget/dist): Swagger UI's bundle and stylesheet
// from swagger-ui-dist, and our init script and styles. The worker serves only the /docs HTML, so
// the megabytes stay out of the worker bundle and the page loads nothing from another origin.
import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
/** Served at /reference/* by wrangler's [assets] (wrangler.toml). */
export const REFERENCE_DIR = path.join(root, 'widget', 'dist', 'reference')

const swaggerUi = path.join(root, 'node_modules', 'swagger-ui-dist')
const files = [
  [swaggerUi, 'swagger-ui-bundle.js'],
  [swaggerUi, 'swagger-ui.css'],
  [swaggerUi, 'favicon-32x32.png'],
  [path.join(import.meta.dirname, 'reference'), 'init.js'],
  [path.join(import.meta.dirname, 'reference'), 'reference.css'],
]

mkdirSync(REFERENCE_DIR, { recursive: true })
for (const [dir, name] of files) copyFileSync(path.join(dir, name), path.join(REFERENCE_DIR, name))
console.log(`API reference assets: ${path.relative(root, REFERENCE_DIR)}/ (${files.length} files)`)
