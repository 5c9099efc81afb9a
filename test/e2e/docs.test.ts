import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import { env, eventually, url } from './helpers.ts'

const AXE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

type Violation = { directive: string; blocked: string; sample: string }
type Spec = { paths: Record<string, Record<string, { tags?: string[] }>> }
type AxeResult = { violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }

/**
 * /docs in a fresh tab at `viewport`, with every request off this origin recorded and refused
 * (the page must work offline) and every CSP violation recorded.
 */
async function openDocs(viewport = { width: 1366, height: 768 }) {
  const tab = await freshTab(browser)
  await tab.page.setViewportSize(viewport)
  const origin = new URL(env().baseUrl).origin
  const offOrigin: string[] = []
  await tab.context.route('**/*', (route) => {
    const requested = route.request().url()
    if (requested.startsWith('data:') || new URL(requested).origin === origin) {
      return route.continue()
    }
    offOrigin.push(requested)
    return route.abort()
  })
  await tab.page.addInitScript(() => {
    const seen: Violation[] = []
    Object.assign(window, { __violations: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      })
    })
  })
  const response = await tab.page.goto(url('/docs'))
  await tab.page.locator('h3.opblock-tag').first().waitFor()
  const violations = () =>
    tab.page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)
  return { ...tab, response, offOrigin, violations }
}

const tagHeading = (page: Page, tag: string) => page.locator(`h3.opblock-tag[data-tag="${tag}"]`)
const operation = (page: Page, method: string, path: string) =>
  page.locator(`.opblock-${method}`, {
    has: page.locator(`.opblock-summary-path[data-path="${path}"]`),
  })

/** Each tag's number of operations in the document. */
async function operationsPerTag() {
  const spec: Spec = await (await fetch(url('/openapi.json'))).json()
  const counts = new Map<string, number>()
  for (const item of Object.values(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue
      for (const tag of op.tags ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1)
    }
  }
  return counts
}

/**
 * Elements reaching past the viewport's left or right edge, unless a horizontal scroller holds
 * them (a wide code block scrolls inside its box; the page itself must not).
 */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true
      }
      return false
    }
    const out = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect()
      return box.width > 0 && (box.right > width + 1 || box.left < -1) && !inScroller(el)
    })
    return {
      pageScrolls: document.documentElement.scrollWidth > width,
      elements: out.slice(0, 10).map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    }
  })

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousAxeViolations(page: Page) {
  // Evaluated through the DevTools protocol: a <script> tag would be refused by the page's CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readAxe())
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document): Promise<AxeResult> } }).axe.run(document),
  )
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => n.target) }))
}
let axeSource: string | undefined
const readAxe = () => {
  axeSource ??= readFileSync(AXE, 'utf8')
  return axeSource
}

describe('the API reference at /docs', () => {
  it('runs under its strict CSP, loads nothing off its origin, and tries a call with a token', async () => {
    const { context, page, errors, response, offOrigin, violations } = await openDocs()
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("style-src 'self'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toMatch(/nonce-|unsafe-eval/)

    // An operation is shown under its tag, with its responses once expanded.
    const spec: Spec = await (await fetch(url('/openapi.json'))).json()
    const tag = spec.paths['/api/v1/profile']?.get?.tags?.[0] ?? ''
    await tagHeading(page, tag).click()
    const profile = operation(page, 'get', '/api/v1/profile')
    await profile.locator('.opblock-summary').first().click()
    await profile.locator('.responses-wrapper').waitFor()
    expect(await profile.locator('.response-col_status').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('200'), expect.stringContaining('401')]),
    )

    // Authorize with the demo administrator's token (the api_access_token scheme, among the
    // others the dialog offers), then try the call.
    await page.locator('.scheme-container .btn.authorize').click()
    const dialog = page.locator('.dialog-ux')
    const tokenForm = dialog.locator('form', { hasText: 'api_access_token' })
    await tokenForm.locator('input').fill(env().adminToken)
    await tokenForm.locator('.auth-btn-wrapper .btn.authorize').click()
    await tokenForm.locator('.btn-done').click()
    await profile.locator('.try-out__btn').click()
    await profile.locator('.btn.execute').click()
    const live = profile.locator('.live-responses-table')
    await eventually(() =>
      live.locator('tr.response .response-col_status').first().textContent(),
    ).toContain('200')
    expect(await live.locator('.highlight-code').first().textContent()).toContain('access_token')
    // The call went to this origin with the token (Swagger UI's curl line shows the request).
    expect(await profile.locator('.curl-command').textContent()).toContain(
      `api_access_token: ${env().adminToken}`,
    )

    expect(await violations()).toEqual([])
    expect(offOrigin).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('draws every operation of every tag once all the tags are open', async () => {
    // Swagger UI 5.33+ would virtualize the list past 150 rows, leaving all but the rows near
    // the viewport undrawn; init.js keeps the full list.
    const { context, page, errors } = await openDocs()
    const expected = await operationsPerTag()
    expect(await page.locator('h3.opblock-tag').count()).toBe(expected.size)
    for (const tag of expected.keys()) await tagHeading(page, tag).click()
    const drawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.opblock-tag-section')].map((section) => [
          section.querySelector('h3.opblock-tag')?.getAttribute('data-tag'),
          section.querySelectorAll('.opblock').length,
        ]),
      )
    await eventually(async () => Object.fromEntries(await drawn())).toEqual(
      Object.fromEntries(expected),
    )
    expect(await page.locator('.operations-virtual').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 360, height: 740 },
  ]) {
    it(`fits ${viewport.width}px and passes axe-core, open and trying calls`, async () => {
      const { context, page, errors, offOrigin, violations } = await openDocs(viewport)
      expect(await horizontalOverflow(page)).toEqual({ pageScrolls: false, elements: [] })
      expect(await seriousAxeViolations(page)).toEqual([])

      // A call tried without a token (its 401 and curl line drawn), and a list with enum filters
      // in "Try it out"; then the Authorize dialog.
      await tagHeading(page, 'Profile').click()
      const profile = operation(page, 'get', '/api/v1/profile')
      await profile.locator('.opblock-summary').first().click()
      await profile.locator('.try-out__btn').click()
      await profile.locator('.btn.execute').click()
      await eventually(() =>
        profile
          .locator('.live-responses-table tr.response .response-col_status')
          .first()
          .textContent(),
      ).toContain('401')
      const conversations = operation(page, 'get', '/api/v1/accounts/{account_id}/conversations')
      await tagHeading(page, 'Conversations').click()
      await conversations.locator('.opblock-summary').first().click()
      await conversations.locator('.try-out__btn').click()
      await conversations.locator('select').first().waitFor()
      expect(await horizontalOverflow(page)).toEqual({ pageScrolls: false, elements: [] })
      expect(await seriousAxeViolations(page)).toEqual([])

      await page.locator('.scheme-container .btn.authorize').click()
      await page.locator('.dialog-ux input').first().waitFor()
      expect(await horizontalOverflow(page)).toEqual({ pageScrolls: false, elements: [] })
      expect(await seriousAxeViolations(page)).toEqual([])

      expect(await violations()).toEqual([])
      expect(offOrigin).toEqual([])
      // The 401 of the call tried without a token (and Chromium's console line about it) is the
      // one failure expected.
      expect(errors.filter((e) => !/\b401\b/.test(e))).toEqual([])
      await context.close()
    })
  }
})
