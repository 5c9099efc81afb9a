// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appConfig } from '../../widget/build/config'
import { BUDGETS, measure, describe as report, type SizeReport } from '../../widget/build/sizes'

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
  it('keeps the loader (widget.js) within 5 KB gzip', () => {
    expect(sizes.loader).toBeGreaterThan(0)
    expect(sizes.loader).toBeLessThanOrEqual(BUDGETS.loader)
  })

  it('keeps the app (widget-app.js + widget-app.css) within 40 KB gzip', () => {
    expect(sizes.app).toBeGreaterThan(0)
    expect(sizes.app).toBeLessThanOrEqual(BUDGETS.app)
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

  it('creates no <style> element and sets no style attribute (strict style-src CSP)', () => {
    for (const file of ['widget.js', 'widget-app.js']) {
      const code = readFileSync(path.join(dir, file), 'utf8')
      expect(code).not.toMatch(/createElement\(["'`]style["'`]\)/)
      expect(code).not.toMatch(/setAttribute\(["'`]style["'`]/)
    }
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
