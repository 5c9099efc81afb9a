import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { Features, transform } from 'lightningcss'
import { build, type Plugin, type UserConfig } from 'vite'
import { describe, measure } from './sizes.ts'

export const WIDGET_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..')
export const DIST = path.join(WIDGET_ROOT, 'dist')

/** The browsers the bundles are for: the JS target, and the CSS lowered to match. */
const TARGET = 'es2020'
/** Browser versions of ES2020, as Vite maps the target for the CSS it inlines. */
const CSS_TARGETS = {
  chrome: 80 << 16,
  edge: 80 << 16,
  firefox: 80 << 16,
  opera: 67 << 16,
  safari: (14 << 16) | (1 << 8),
  ios_saf: (14 << 16) | (5 << 8),
}
/**
 * The CSS uses no light-dark(), so lightningcss's polyfill for it (custom properties next to
 * every color-scheme) would only be bytes.
 */
const CSS_EXCLUDE = Features.LightDark

/**
 * The same lowering as the CSS inlined in the bundles: the files go to the browsers without
 * constructed stylesheets, the oldest ones (e.g. no media query ranges before Safari 16.4).
 */
function minifiedCss(file: string): string {
  const code = readFileSync(path.join(WIDGET_ROOT, file))
  return transform({
    filename: file,
    code,
    minify: true,
    targets: CSS_TARGETS,
    exclude: CSS_EXCLUDE,
  }).code.toString()
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
  css?: [string, string]
  plugins: Plugin[]
  emptyOutDir: boolean
}

function libConfig(outDir: string, bundle: Bundle): UserConfig {
  return {
    root: WIDGET_ROOT,
    mode: 'production',
    publicDir: false,
    logLevel: 'warn',
    plugins: bundle.css ? [...bundle.plugins, emitCss(...bundle.css)] : bundle.plugins,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    css: { lightningcss: { exclude: CSS_EXCLUDE } },
    build: {
      outDir,
      emptyOutDir: bundle.emptyOutDir,
      target: TARGET,
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

/** The languages the app fetches when first needed (English ships in widget-app.js). */
export const LOCALE_CHUNKS = ['es', 'pt', 'ar'] as const

/** widget-locale-<lang>.js: one language's strings, announced to the app (shared/chunks.ts). */
export function localeChunkConfig(outDir: string, lang: string): UserConfig {
  return libConfig(outDir, {
    entry: `src/i18n/chunks/${lang}.ts`,
    fileName: `widget-locale-${lang}.js`,
    plugins: [],
    emptyOutDir: false,
  })
}

/** Rarely used parts of the app, each a chunk (widget/src/components/parts/<name>.ts). */
export const PART_CHUNKS = ['rich', 'prechat', 'hours', 'attachments', 'team', 'past'] as const
/** The parts that carry their own styles (adopted as they load; also written as files). */
const PART_CSS: Partial<Record<(typeof PART_CHUNKS)[number] | string, string>> = {
  rich: 'src/styles/rich.css',
  team: 'src/styles/team.css',
  past: 'src/styles/past.css',
}

/**
 * Modules a part chunk takes from the app instead of bundling its own copy (one Preact, one
 * widget context, one copy of the strings), by the ids widget/src/app/part-modules.ts provides.
 */
const PART_SHARED: Record<string, string> = {
  'src/components/context.ts': 'parley:context',
  'src/i18n/index.ts': 'parley:i18n',
  'src/store/state.ts': 'parley:state',
}
const PART_PACKAGES = ['preact', 'preact/hooks', 'preact/jsx-runtime']

function partImports(): Plugin {
  const shared = new Map(
    Object.entries(PART_SHARED).map(([file, id]) => [path.join(WIDGET_ROOT, file), id]),
  )
  return {
    name: 'parley:part-imports',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (PART_PACKAGES.includes(source)) return { id: source, external: true }
      if (!importer) return null
      if (!source.startsWith('.')) this.error(`a part chunk may not import ${source}`)
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      const id = resolved && shared.get(resolved.id)
      return id ? { id, external: true } : null
    },
  }
}

/**
 * widget-part-<name>.js: CommonJS wrapped in a function the chunk announces (shared/chunks.ts);
 * the app runs it with its own modules as `require` (app/part-modules.ts).
 */
export function partChunkConfig(outDir: string, name: string): UserConfig {
  const config = libConfig(outDir, {
    entry: `src/components/parts/${name}.ts`,
    fileName: `widget-part-${name}.js`,
    css: PART_CSS[name] ? [`widget-part-${name}.css`, PART_CSS[name]] : undefined,
    plugins: [partImports(), ...preact({ devToolsEnabled: false, prefreshEnabled: false })],
    emptyOutDir: false,
  })
  const build = config.build as NonNullable<UserConfig['build']>
  build.lib = { ...(build.lib as object), formats: ['cjs'] } as typeof build.lib
  build.rollupOptions = {
    external: PART_PACKAGES,
    output: {
      exports: 'named',
      banner: `window.dispatchEvent(new CustomEvent("parley:chunk:part-${name}",{detail:function(require,exports){`,
      footer: '}}));',
    },
  }
  return config
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
      for (const lang of LOCALE_CHUNKS) {
        await build({ ...localeChunkConfig(outDir, lang), configFile: false })
      }
      for (const name of PART_CHUNKS) {
        await build({ ...partChunkConfig(outDir, name), configFile: false })
      }
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
