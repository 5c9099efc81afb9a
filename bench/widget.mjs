// Issue: the widget. (a) gzip sizes (level 9) of the loader and of what opening downloads, and
// (c) a bundle report (preact, hooks, signals vs our own code), from a fresh production build;
// (b) main-thread time the loader adds to a page load, in Chromium: the same page (which runs a
// script of its own, as real sites do) with and without the script tag, and with a minimal
// launcher for the floor this machine sets, loads interleaved in one run, each in a fresh browser context (a first
// visit: nothing cached), medians compared; plus the layout shift each page shows. TaskDuration
// is all of the renderer main thread's busy time (parsing, script, style, layout, paint, network
// callbacks), so it also counts fetching the script and the launcher's stylesheet (launcher.css).
// All of those are wall-clock times, which on a shared 2-core machine swing by more than the 10 ms
// goal between runs; the main thread's CPU time from a trace (thread time) is reported beside them
// as the steadier figure.

import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { fmt } from './measure.mjs'
import { call, PLATFORM_TOKEN, root } from './worker.mjs'

const CHROMIUM = '/usr/bin/chromium'
const DIST = path.join(root, 'widget', 'dist')
const LOADS = 10

const kb = (bytes) => `${fmt(bytes / 1024)} KB`
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function ensureBuilt() {
  if (existsSync(path.join(DIST, 'widget.js')) && existsSync(path.join(DIST, 'widget-app.js'))) {
    return
  }
  const build = spawnSync('npm', ['run', 'build:widget'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build:widget failed')
}

function sizeLines(dir, { measure, BUDGETS, GOALS }) {
  const report = measure(dir)
  const files = ['widget.js', 'widget.css', 'widget-app.js', 'widget-app.css']
  const sizes = Object.fromEntries(
    files.map((f) => [f, gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length]),
  )
  const target = (value, budget, goal) =>
    `${kb(value)} (goal ${kb(goal)}: ${value <= goal ? 'met' : 'NOT met'}; budget in npm test ${kb(budget)})`
  return [
    '## (a) gzip sizes (level 9, a fresh production build)',
    ...files.map((f) => `${f}: ${kb(sizes[f])}`),
    `loader (widget.js, on every page view): ${target(report.loader, BUDGETS.loader, GOALS.loader)}`,
    `once opened, a plain conversation in English (widget-app.js, which carries its CSS as text), ` +
      `in every browser: ${target(report.opened, BUDGETS.opened, GOALS.opened)}`,
    `once opened in Spanish, Portuguese or Arabic (plus the largest strings chunk): ` +
      `${kb(report.openedAnyLanguage)} (budget ${kb(BUDGETS.openedAnyLanguage)})`,
    `fetched only when needed: ${[...report.languageChunks, ...report.partChunks].map((f) => `${f} ${kb(report.files[f].gzip)}`).join(', ')}`,
    `(the app's CSS goes in as a constructed stylesheet, or where those are missing (Safari < 16.4) ` +
      `as a <style> with the loader's nonce; widget-app.css (${kb(sizes['widget-app.css'])}) is ` +
      `fetched only where those are missing and the page's policy refuses that <style> too; ` +
      `widget.css likewise only where constructed stylesheets are missing)`,
  ]
}

/** Which package a module of the app bundle belongs to (ours: everything under widget/src). */
function owner(id) {
  const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:dist\/)?([^/]*)/)
  if (!pkg) return id.includes('.css') ? 'our CSS (as text in the JS)' : 'our code'
  if (pkg[1] === 'preact')
    return pkg[2] === 'hooks'
      ? 'preact/hooks'
      : pkg[2] === 'jsx-runtime'
        ? 'preact/jsx-runtime'
        : 'preact'
  if (pkg[1].startsWith('@preact/signals')) return '@preact/signals (+ signals-core)'
  return pkg[1]
}

/** (c) What widget-app.js is made of: its modules' minified code, grouped by package. */
function bundleLines(dir, modules) {
  const groups = new Map()
  for (const [id, info] of Object.entries(modules)) {
    const name = owner(id)
    groups.set(name, (groups.get(name) ?? '') + (info.code ?? ''))
  }
  const rows = [...groups].map(([name, code]) => [name, gzipSync(code, { level: 9 }).length])
  rows.sort((a, b) => b[1] - a[1])
  const whole = gzipSync(readFileSync(path.join(dir, 'widget-app.js')), { level: 9 }).length
  const parts = rows.reduce((n, [, bytes]) => n + bytes, 0)
  return [
    '',
    '## (c) bundle report: widget-app.js by package (each part gzipped alone)',
    ...rows.map(([name, bytes]) => `${name}: ${kb(bytes)} (${fmt((bytes / parts) * 100, 0)}%)`),
    `parts ${kb(parts)}; the whole file ${kb(whole)} (each part is gzipped alone, so the ` +
      'parts add up to more than the whole, which compresses across them)',
  ]
}

/**
 * (a) and (c) from one production build of the whole widget into a temporary folder (not
 * widget/dist, which a test run may have built differently), keeping the app's module list.
 */
async function buildLines() {
  const { build } = await import('vite')
  const { appConfig } = await import('../widget/build/config.ts')
  const sizes = await import('../widget/build/sizes.ts')
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-bundle-'))
  let modules = {}
  const config = appConfig(dir, false)
  config.plugins.push({
    name: 'bench:modules',
    generateBundle(_, bundle) {
      modules = bundle['widget-app.js']?.modules ?? {}
    },
  })
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ ...config, configFile: false })
    return [...sizeLines(dir, sizes), ...bundleLines(dir, modules)]
  } finally {
    process.env.NODE_ENV = nodeEnv
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A website inbox in its own account, made through the API. */
async function widgetInbox(base) {
  const acc = await call(base, '/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name: 'Bench widget' },
  })
  const user = await call(base, '/platform/api/v1/users', {
    token: PLATFORM_TOKEN,
    body: { name: 'Widget bench admin', email: 'widget-admin@bench.test' },
  })
  await call(base, `/platform/api/v1/accounts/${acc.json.id}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.json.id, role: 'administrator' },
  })
  const inbox = await call(base, `/api/v1/accounts/${acc.json.id}/inboxes`, {
    token: user.json.access_token,
    body: { name: 'Shop', channel: { type: 'web_widget', website_url: 'http://127.0.0.1' } },
  })
  return inbox.json.inbox_identifier
}

/**
 * The least a launcher can do, for the floor this machine puts under any of them: a button in a
 * shadow root with a constructed stylesheet, fixed in the corner.
 */
const MINIMAL_LAUNCHER = `(() => {
  const host = document.createElement('div')
  const root = host.attachShadow({ mode: 'open' })
  const sheet = new CSSStyleSheet()
  sheet.replaceSync('button{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;background:#1f5fbf}')
  root.adoptedStyleSheets = [sheet]
  const button = document.createElement('button')
  button.setAttribute('aria-label', 'Open chat')
  root.append(button)
  document.body.append(host)
})()`

/** Every page's own script: a real site runs some, so the page already has a script context. */
const SITE_SCRIPT = 'document.documentElement.dataset.ready = "1"'

/**
 * A small shop page on its own origin, with its own script: at /with the widget's script tag,
 * at /floor a minimal launcher's, at /without neither.
 */
async function startPageServer(base, inbox) {
  const page = (tag) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bench shop</title></head>
<body><main><h1>Bench shop</h1><p>${'A product description long enough to lay out. '.repeat(40)}</p>
<ul>${Array.from({ length: 50 }, (_, i) => `<li>Product ${i + 1}</li>`).join('')}</ul></main>
<script src="/site.js"></script>${tag}</body></html>`
  const html = 'text/html; charset=utf-8'
  const js = 'text/javascript'
  const files = {
    '/with': [html, page(`<script src="${base}/widget.js" data-inbox="${inbox}" async></script>`)],
    '/floor': [html, page('<script src="/minimal-launcher.js" async></script>')],
    '/without': [html, page('')],
    '/site.js': [js, SITE_SCRIPT],
    '/minimal-launcher.js': [js, MINIMAL_LAUNCHER],
  }
  const server = createServer((req, res) => {
    const file = files[req.url]
    if (!file) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' })
    res.end(file[1])
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }
}

/**
 * The page's renderer main thread in a trace: its top-level tasks' thread (CPU) time, in ms. Unlike
 * the wall-clock metrics, thread time leaves out the time this shared machine's scheduler takes
 * the thread away, so it is the steadier measure of the work a page load costs.
 */
function mainThreadCpu(trace, pageUrl) {
  const events = JSON.parse(trace.toString()).traceEvents
  const key = (e) => `${e.pid}:${e.tid}`
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(key),
  )
  // The renderer that loaded this page (others may be in the trace).
  const page = events.find(
    (e) => mains.has(key(e)) && JSON.stringify(e.args ?? {}).includes(pageUrl),
  )
  if (!page) throw new Error(`no renderer main thread for ${pageUrl} in the trace`)
  const tasks = events
    .filter((e) => key(e) === key(page) && e.ph === 'X' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  let cpu = 0
  let end = -1
  for (const task of tasks) {
    if (task.ts < end) continue // nested in the task before it
    cpu += task.tdur
    end = task.ts + task.dur
  }
  return cpu / 1000
}

/**
 * One first visit in a fresh context: the renderer's main-thread busy time (CDP Performance
 * metrics, in ms) and its CPU time (a trace), once the page is loaded and the network has been
 * quiet for 500 ms (which covers the launcher's stylesheet and the loader's idle-time work), and
 * the page's cumulative layout shift. Both are read before anything of Playwright's runs in the
 * page (its locators inject a script of their own, which would count for the pages with a
 * launcher only); the launcher's presence is checked after.
 */
async function visit(browser, pageUrl, withWidget) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.addInitScript(() => {
      window.__cls = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (!entry.hadRecentInput) window.__cls += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    let appRequested = false
    const problems = []
    page.on('request', (request) => {
      if (request.url().endsWith('/widget-app.js')) appRequested = true
    })
    page.on('requestfailed', (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`))
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
    page.on('pageerror', (error) => problems.push(error.message))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] })
    await page.goto(pageUrl, { waitUntil: 'networkidle' })
    const trace = await browser.stopTracing()
    const { metrics } = await cdp.send('Performance.getMetrics')
    if (withWidget === 'floor') await page.locator('div button').waitFor({ state: 'attached' })
    else if (withWidget) {
      await page
        .locator('parley-widget button')
        .waitFor({ state: 'attached', timeout: 15_000 })
        .catch((error) => {
          throw new Error(`no launcher on ${pageUrl}: ${problems.join('; ') || error.message}`)
        })
    }
    // Nobody showed intent, so only the loader may have run: the app loading would skew this.
    if (appRequested) throw new Error('the widget app loaded during a page-load measurement')
    const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000
    return {
      task: metric('TaskDuration'),
      script: metric('ScriptDuration'),
      render: metric('LayoutDuration') + metric('RecalcStyleDuration'),
      cpu: mainThreadCpu(trace, pageUrl),
      cls: await page.evaluate(() => window.__cls),
    }
  } finally {
    await context.close()
  }
}

async function mainThreadLines(base) {
  const out = [
    '',
    `## (b) main-thread time the loader adds to a first page load (${LOADS} loads each)`,
  ]
  if (!existsSync(CHROMIUM)) {
    return [...out, `skipped: no Chromium at ${CHROMIUM} (sudo apt-get install -y chromium)`]
  }
  const inbox = await widgetInbox(base)
  const server = await startPageServer(base, inbox)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    const runs = { with: [], floor: [], without: [] }
    // One unrecorded load of each first: the worker and the browser warm up.
    await visit(browser, `${server.origin}/with`, true)
    await visit(browser, `${server.origin}/floor`, 'floor')
    await visit(browser, `${server.origin}/without`, false)
    for (let i = 0; i < LOADS; i++) {
      runs.with.push(await visit(browser, `${server.origin}/with`, true))
      runs.floor.push(await visit(browser, `${server.origin}/floor`, 'floor'))
      runs.without.push(await visit(browser, `${server.origin}/without`, false))
    }
    const stat = (key) => ({
      with: median(runs.with.map((r) => r[key])),
      floor: median(runs.floor.map((r) => r[key])),
      without: median(runs.without.map((r) => r[key])),
    })
    const task = stat('task')
    const script = stat('script')
    const render = stat('render')
    const cls = stat('cls')
    const cpu = stat('cpu')
    const added = script.with - script.without + (render.with - render.without)
    const floorAdded = script.floor - script.without + (render.floor - render.without)
    const range = (list, key = 'task') => {
      const values = list.map((r) => r[key])
      return `${fmt(Math.min(...values))}–${fmt(Math.max(...values))} ms`
    }
    out.push(
      `main-thread task time (TaskDuration), median: without ${fmt(task.without)} ms, with ` +
        `${fmt(task.with)} ms, added by the loader ${fmt(task.with - task.without)} ms`,
      `TaskDuration range over the ${LOADS} loads (a shared machine is noisy): without ` +
        `${range(runs.without)}, with ${range(runs.with)}`,
      `script time (ScriptDuration), median: without ${fmt(script.without)} ms, with ` +
        `${fmt(script.with)} ms, added by the loader ${fmt(script.with - script.without)} ms`,
      `style and layout time (RecalcStyleDuration + LayoutDuration), median: without ` +
        `${fmt(render.without)} ms, with ${fmt(render.with)} ms, added ${fmt(render.with - render.without)} ms`,
      `cumulative layout shift, median: without ${fmt(cls.without, 4)}, with ${fmt(cls.with, 4)}`,
      `script + style + layout the loader adds: ${fmt(added)} ms (goal ≤ 10 ms: ` +
        `${added <= 10 ? 'met' : 'NOT met'})`,
      `the same for a minimal launcher (a button in a shadow root, nothing else), this machine's ` +
        `floor: ${fmt(floorAdded)} ms; the loader costs ${fmt(added / floorAdded)}× the floor`,
      `main-thread CPU time (the page's renderer main thread, thread time from a trace; the ` +
        `steadier figure here), median: without ${fmt(cpu.without)} ms, with ${fmt(cpu.with)} ms, ` +
        `added by the loader ${fmt(cpu.with - cpu.without)} ms (goal ≤ 10 ms: ` +
        `${cpu.with - cpu.without <= 10 ? 'met' : 'NOT met'}); by the minimal launcher ` +
        `${fmt(cpu.floor - cpu.without)} ms`,
      `CPU time range over the ${LOADS} loads: without ${range(runs.without, 'cpu')}, with ` +
        `${range(runs.with, 'cpu')}, minimal launcher ${range(runs.floor, 'cpu')}`,
    )
  } finally {
    await browser.close()
    server.close()
  }
  return out
}

export { buildLines }

export async function benchWidget(base) {
  ensureBuilt()
  return [...(await buildLines()), ...(await mainThreadLines(base))]
}
