// Issue: the agent inbox. (a) The gzip weight (level 9) of every script and stylesheet a
// signed-in agent's browser loads on a first visit to the inbox, as Chromium requested them.
// (b) A visitor's message → visible in the agent's open inbox, p50 and p99, against the same
// message reaching a bare socket client on the account feed in the same page: both clocks are
// the page's, both measured from the moment the page sends the visitor's message. (c) Opening a
// conversation of 5,000 messages from the inbox: the main thread's long tasks (over 50 ms) from
// the click until its newest message shows.

import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { seedMessages } from './api.mjs'
import { fmt, percentiles } from './measure.mjs'
import { call, PLATFORM_TOKEN } from './worker.mjs'

const CHROMIUM = '/usr/bin/chromium'
const MESSAGES = 40
const kb = (bytes) => `${fmt(bytes / 1024)} KB`

/** An account with an administrator who has a password, a website inbox and one visitor. */
async function dashboardAccount(base) {
  const account = await call(base, '/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name: 'Bench dashboard' },
  })
  const email = `dashboard-${Date.now()}@bench.test`
  const password = 'bench-password-1234'
  const user = await call(base, '/platform/api/v1/users', {
    token: PLATFORM_TOKEN,
    body: { name: 'Dashboard bench admin', email, password },
  })
  const accountId = account.json.id
  await call(base, `/platform/api/v1/accounts/${accountId}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.json.id, role: 'administrator' },
  })
  const inbox = await call(base, `/api/v1/accounts/${accountId}/inboxes`, {
    token: user.json.access_token,
    body: { name: 'Shop', channel: { type: 'web_widget', website_url: 'http://127.0.0.1' } },
  })
  const pub = `/public/api/v1/inboxes/${inbox.json.inbox_identifier}`
  const contact = await call(base, `${pub}/contacts`, { body: { name: 'Bench Visitor' } })
  const conversation = await call(base, `${pub}/contacts/${contact.json.source_id}/conversations`, {
    body: {},
  })
  const messagesPath = `${pub}/contacts/${contact.json.source_id}/conversations/${conversation.json.id}/messages`
  await call(base, messagesPath, { body: { content: 'Hello from the bench visitor' } })
  return {
    accountId,
    inboxId: inbox.json.id,
    displayId: conversation.json.id,
    email,
    password,
    messagesPath,
  }
}

/** Shows every conversation of the account and waits for the first row. */
async function showAll(page) {
  await page.getByRole('tab', { name: /^All\b/ }).click()
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().waitFor()
}

/**
 * Clicks the conversation's row in the inbox; the long tasks until its newest message shows, and
 * the most main-thread CPU time any one task took (from a trace): on a loaded machine a task's
 * wall time also holds the time the thread waited for a core, its CPU time does not.
 */
async function openLongConversation(browser, page, newest) {
  await page.evaluate(() => {
    window.__longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'],
  })
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click()
  await page.getByText(newest, { exact: true }).waitFor({ timeout: 30_000 })
  // Tasks still running when the text appears are reported when they end.
  await page.waitForTimeout(1000)
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'))
  const mains = new Set(
    trace.traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const cpu = trace.traceEvents
    .filter((e) => e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.tdur ?? 0) / 1000)
  return { tasks: await page.evaluate(() => window.__longTasks), maxCpu: Math.max(0, ...cpu) }
}

/** Signs in through the API inside the browser context, so the context holds the session cookie. */
async function signIn(context, base, email, password) {
  const response = await context.request.post(`${base}/auth/sign_in`, {
    data: { email, password },
    headers: { origin: base },
  })
  if (!response.ok()) throw new Error(`sign-in: ${response.status()} ${await response.text()}`)
}

/** Each script and stylesheet the first visit loaded, with its gzip size (level 9). */
async function firstVisitWeight(page, inboxUrl) {
  const loaded = []
  page.on('response', async (response) => {
    const type = response.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    // A redirect has no body; the response it leads to is counted.
    if (response.status() >= 300 && response.status() < 400) return
    loaded.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        type,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      })),
    )
  })
  await page.goto(inboxUrl, { waitUntil: 'networkidle' })
  await page.getByRole('main').waitFor()
  return Promise.all(loaded)
}

/**
 * What following a section link from the open inbox fetches: each script and stylesheet the
 * page's lazily loaded chunk brings, with its gzip size (level 9).
 */
async function lazyPageWeight(page, linkName, headingName) {
  const loaded = []
  const collect = (response) => {
    const type = response.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    loaded.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        type,
        gzip: gzipSync(body, { level: 9 }).length,
      })),
    )
  }
  page.on('response', collect)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: linkName })
    .click()
  await page.getByRole('heading', { level: 1, name: headingName }).waitFor()
  await page.waitForLoadState('networkidle')
  page.off('response', collect)
  return Promise.all(loaded)
}

/**
 * In the page: a bare WebSocket on the account feed (the same cookie), then for each message
 * the time from sending it to its frame on the bare socket and to its text in the inbox's DOM.
 */
async function measureInPage(page, messagesPath, accountId, count) {
  return page.evaluate(
    async ({ messagesPath, accountId, count }) => {
      const ws = new WebSocket(
        `${location.origin.replace(/^http/, 'ws')}/api/v1/accounts/${accountId}/live`,
      )
      const frames = []
      let onFrame = () => {}
      ws.onmessage = (event) => {
        frames.push(event.data)
        onFrame()
      }
      await new Promise((resolve, reject) => {
        onFrame = () => frames.some((f) => f.includes('"ready"')) && resolve()
        ws.onclose = () => reject(new Error('the bare feed socket closed'))
        setTimeout(() => reject(new Error('no ready on the bare feed socket')), 10_000)
      })
      const samples = []
      for (let i = 0; i < count; i++) {
        const marker = `bench-${i}-${Math.random().toString(36).slice(2)}`
        const socketSeen = new Promise((resolve) => {
          onFrame = () => frames.at(-1).includes(marker) && resolve(performance.now())
        })
        const domSeen = new Promise((resolve) => {
          const main = document.querySelector('main') ?? document.body
          const observer = new MutationObserver(() => {
            if (main.textContent.includes(marker)) {
              observer.disconnect()
              resolve(performance.now())
            }
          })
          observer.observe(main, { subtree: true, childList: true, characterData: true })
        })
        const start = performance.now()
        const sent = await fetch(messagesPath, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: marker }),
        })
        if (!sent.ok) throw new Error(`visitor message: ${sent.status}`)
        const [socketAt, domAt] = await Promise.all([socketSeen, domSeen])
        samples.push({ socket: socketAt - start, dom: domAt - start })
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      ws.close()
      return samples
    },
    { messagesPath, accountId, count },
  )
}

export async function benchDashboard(base) {
  if (!existsSync(CHROMIUM)) {
    return [`skipped: no Chromium at ${CHROMIUM} (sudo apt-get install -y chromium)`]
  }
  const { accountId, inboxId, displayId, email, password, messagesPath } =
    await dashboardAccount(base)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  })
  try {
    const context = await browser.newContext()
    await signIn(context, base, email, password)
    const page = await context.newPage()
    const files = await firstVisitWeight(page, `${base}/app/accounts/${accountId}/dashboard`)
    // The visitor's conversation is unassigned: the All tab lists it (and is kept for next time).
    await showAll(page)
    const total = files.reduce((sum, f) => sum + f.gzip, 0)
    const out = [
      '## (a) what a signed-in inbox loads on a first visit (JS + CSS, gzip level 9)',
      ...files.map((f) => `${f.url} (${f.type}): ${kb(f.gzip)} gzip, ${kb(f.raw)} raw`),
      `total: ${kb(total)} (budget 75 KB; Chatwoot's dashboard is about 1.5 MB)`,
    ]
    out.push('', '## (d) the funnels and reports pages, fetched when first opened (gzip level 9)')
    for (const [link, heading] of [
      ['Funnels', 'Funnels'],
      ['Reports', 'Reports'],
    ]) {
      const lazy = await lazyPageWeight(page, link, heading)
      const sum = lazy.reduce((n, f) => n + f.gzip, 0)
      const inFirstVisit = lazy.filter((f) => files.some((g) => g.url === f.url)).length
      out.push(
        `${link}: ${kb(sum)} more (${lazy.map((f) => `${f.url} ${kb(f.gzip)}`).join(', ')}); ` +
          `files also in (a): ${inFirstVisit}`,
      )
    }
    await page.goto(`${base}/app/accounts/${accountId}/dashboard`, { waitUntil: 'networkidle' })
    // One unrecorded round first: the worker and the page warm up.
    await measureInPage(page, messagesPath, accountId, 2)
    const samples = await measureInPage(page, messagesPath, accountId, MESSAGES)
    const dom = percentiles(samples.map((s) => s.dom))
    const socket = percentiles(samples.map((s) => s.socket))
    out.push(
      '',
      `## (b) visitor message → visible in the agent's open inbox (${MESSAGES} messages, Chromium)`,
      `inbox DOM: p50 ${fmt(dom.p50)} ms, p99 ${fmt(dom.p99)} ms`,
      `bare feed socket in the same page: p50 ${fmt(socket.p50)} ms, p99 ${fmt(socket.p99)} ms`,
      `p50 ratio ${fmt(dom.p50 / socket.p50)}, p50 added by the app ${fmt(dom.p50 - socket.p50)} ms`,
    )
    const LONG = 5000
    await seedMessages({ id: accountId, inboxId }, displayId, LONG)
    // A fresh inbox page: the conversation's history is not in memory yet.
    await page.goto(`${base}/app/accounts/${accountId}/dashboard`)
    await showAll(page)
    const { tasks, maxCpu } = await openLongConversation(browser, page, `Message number ${LONG}`)
    out.push(
      '',
      `## (c) opening a conversation of ${LONG} messages from the inbox (Chromium)`,
      `long tasks (> 50 ms) from the click until the newest message shows: ${tasks.length}` +
        (tasks.length ? `, longest ${fmt(Math.max(...tasks))} ms` : '') +
        ' (target: none)',
      `the most main-thread CPU one task took: ${fmt(maxCpu)} ms (load average ${fmt(loadavg()[0], 1)})`,
    )
    await context.close()
    return out
  } finally {
    await browser.close()
  }
}
