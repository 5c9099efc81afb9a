import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { transform } from 'lightningcss'
import { build, type Plugin, type UserConfig } from 'vite'
import { describe, measure } from './sizes.ts'

export const WIDGET_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..')
export const DIST = path.join(WIDGET_ROOT, 'dist')

function minifiedCss(file: string): string {
  const code = readFileSync(path.join(WIDGET_ROOT, file))
  return transform({ filename: file, code, minify: true }).code.toString()
}

/**
 * The CSS the bundles carry as text for constructed stylesheets, also written as plain files:
 * browsers without constructable stylesheets <link> them instead (still no 'unsafe-inline').
 */
function emitCss(fileName: string, source: string): Plugin {
  return {
    name: `parley:emit-${fileName}`,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: minifiedCss(source) })
    },
  }
}

interface Bundle {
  entry: string
  fileName: string
  css: [string, string]
  plugins: Plugin[]
  emptyOutDir: boolean
}

function libConfig(outDir: string, bundle: Bundle): UserConfig {
  return {
    root: WIDGET_ROOT,
    mode: 'production',
    publicDir: false,
    logLevel: 'warn',
    plugins: [...bundle.plugins, emitCss(...bundle.css)],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: bundle.emptyOutDir,
      target: 'es2020',
      minify: true,
      cssMinify: 'lightningcss',
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: path.join(WIDGET_ROOT, bundle.entry),
        formats: ['iife'],
        // Fixed names (no hashes): the worker serves them at /widget.js and /widget-app.js.
        name: 'Parley',
        fileName: () => bundle.fileName,
      },
    },
  }
}

/** widget.js: the dependency-free loader (launcher, Chatwoot shim); no Preact. */
export function loaderConfig(outDir: string): UserConfig {
  return libConfig(outDir, {
    entry: 'src/loader/index.ts',
    fileName: 'widget.js',
    css: ['widget.css', 'src/loader/launcher.css'],
    plugins: [],
    emptyOutDir: false,
  })
}

/**
 * widget-app.js: the Preact app. Building it builds the loader next to it afterwards, so one
 * `vite build` makes the whole widget, and reports the gzip sizes the budgets are about.
 */
export function appConfig(outDir: string, report = true): UserConfig {
  const thenLoader: Plugin = {
    name: 'parley:then-loader',
    apply: 'build',
    async closeBundle() {
      await build({ ...loaderConfig(outDir), configFile: false })
      if (report)
        console.log(
          `Parley widget (${path.relative(process.cwd(), outDir) || '.'}):\n${describe(measure(outDir))}`,
        )
    },
  }
  return libConfig(outDir, {
    entry: 'src/app/main.ts',
    fileName: 'widget-app.js',
    css: ['widget-app.css', 'src/styles/app.css'],
    plugins: [...preact({ devToolsEnabled: false, prefreshEnabled: false }), thenLoader],
    emptyOutDir: true,
  })
}
