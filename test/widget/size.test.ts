// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appConfig } from '../../widget/build/config'
import { BUDGETS, measure, describe as report, type SizeReport } from '../../widget/build/sizes'
import { PART_MODULES } from '../../widget/src/app/part-modules'

const root = path.resolve(import.meta.dirname, '../..')
let dir: string
let sizes: SizeReport

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'parley-widget-'))
  // Vitest sets NODE_ENV=test, which would make Vite build the development JSX runtime.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ ...appConfig(dir, false), configFile: false })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  sizes = measure(dir)
  console.log(`Widget sizes (gzip -9):\n${report(sizes)}`)
}, 120_000)

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('widget budgets', () => {
  it('keeps the loader (widget.js) within its budget', () => {
    expect(sizes.loader).toBeGreaterThan(0)
    expect(sizes.loader).toBeLessThanOrEqual(BUDGETS.loader)
  })

  it('keeps what an English conversation downloads on opening (app JS + CSS) within its budget', () => {
    expect(sizes.opened).toBeGreaterThan(0)
    expect(sizes.opened).toBeLessThanOrEqual(BUDGETS.opened)
  })

  it('keeps what opening downloads in any language (plus its strings chunk) within its budget', () => {
    expect(sizes.languageChunks).toEqual([
      'widget-locale-ar.js',
      'widget-locale-es.js',
      'widget-locale-pt.js',
    ])
    expect(sizes.openedAnyLanguage).toBeGreaterThan(sizes.opened)
    expect(sizes.openedAnyLanguage).toBeLessThanOrEqual(BUDGETS.openedAnyLanguage)
  })

  it('ships only English in the app; other languages only in their own chunks', () => {
    const app = readFileSync(path.join(dir, 'widget-app.js'), 'utf8')
    expect(app).toContain('Close chat')
    expect(app).not.toContain('Cerrar chat')
    expect(app).not.toContain('Fechar chat')
    expect(app).not.toContain('إغلاق المحادثة')
    const spanish = readFileSync(path.join(dir, 'widget-locale-es.js'), 'utf8')
    expect(spanish).toContain('Cerrar chat')
    expect(spanish).not.toMatch(/__hooks|debounceRendering/)
  })

  it('keeps Preact out of the loader', () => {
    const loader = readFileSync(path.join(dir, 'widget.js'), 'utf8')
    expect(loader).not.toContain('__preactattr_')
    expect(loader).not.toMatch(/debounceRendering|__hooks/)
  })

  it('is a production build (no development JSX runtime)', () => {
    const app = readFileSync(path.join(dir, 'widget-app.js'), 'utf8')
    expect(app).not.toContain('lineNumber')
    expect(app).not.toContain('/widget/src/')
  })

  it('builds the rarely used parts as chunks that take Preact and the widget context from the app', () => {
    expect(sizes.partChunks).toEqual([
      'widget-part-attachments.js',
      'widget-part-hours.js',
      'widget-part-past.js',
      'widget-part-prechat.js',
      'widget-part-rich.js',
      'widget-part-team.js',
    ])
    const app = readFileSync(path.join(dir, 'widget-app.js'), 'utf8')
    // The pre-chat form's address check, and the switch over interactive message types.
    const chunk = (file: string) => readFileSync(path.join(dir, file), 'utf8')
    expect(app).not.toContain('[^\\s@]+@')
    expect(chunk('widget-part-prechat.js')).toContain('[^\\s@]+@')
    expect(app).not.toContain('case`cards`')
    expect(chunk('widget-part-rich.js')).toContain('case`cards`')
    for (const file of sizes.partChunks) {
      const code = readFileSync(path.join(dir, file), 'utf8')
      const required = [...code.matchAll(/\brequire\("([^"]+)"\)|\be\("([^"]+)"\)/g)].map(
        (m) => m[1] ?? m[2],
      )
      expect(required.length, file).toBeGreaterThan(0)
      for (const id of required) expect(Object.keys(PART_MODULES), `${file}: ${id}`).toContain(id)
      expect(code, file).not.toMatch(/debounceRendering|__preactattr_|jsxDEV|jsxTemplate/)
      expect(code, file).toMatch(/^window\.dispatchEvent\(new CustomEvent\(`parley:chunk:part-/)
    }
  })

  it('creates no <style> element without the nonce, and sets no style attribute (strict style-src CSP)', () => {
    for (const file of [...sizes.languageChunks, ...sizes.partChunks]) {
      const code = readFileSync(path.join(dir, file), 'utf8')
      expect(code, file).not.toMatch(/createElement\(["'`]style["'`]\)/)
      expect(code, file).not.toMatch(/setAttribute\(["'`]style["'`]/)
    }
    // The launcher's one <style>: only where constructed stylesheets are missing, with the nonce.
    const loader = readFileSync(path.join(dir, 'widget.js'), 'utf8')
    expect(loader.match(/createElement\(["'`]style["'`]\)/g)).toHaveLength(1)
    expect(loader).toMatch(/createElement\(["'`]style["'`]\),\{nonce:/)
    expect(loader).not.toMatch(/setAttribute\(["'`]style["'`]/)
    // The app's one <style>: only where constructed stylesheets are missing, with the nonce
    // (test/widget/styles.test.ts checks what it does).
    const app = readFileSync(path.join(dir, 'widget-app.js'), 'utf8')
    expect(app.match(/createElement\(["'`]style["'`]\)/g)).toHaveLength(1)
    expect(app).toMatch(/createElement\(["'`]style["'`]\),\{nonce:/)
    expect(app).not.toMatch(/setAttribute\(["'`]style["'`]/)
    const sources = readdirSync(path.join(root, 'widget/src'), { recursive: true })
      .map(String)
      .filter((f) => /\.tsx?$/.test(f))
    expect(sources.length).toBeGreaterThan(20)
    for (const file of sources) {
      const code = readFileSync(path.join(root, 'widget/src', file), 'utf8')
      expect(code, file).not.toMatch(/innerHTML|dangerouslySetInnerHTML|\sstyle=["{]|cssText/)
    }
  })
})
