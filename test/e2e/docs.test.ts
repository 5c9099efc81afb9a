import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import { env, url } from './helpers.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

type Violation = { directive: string; blocked: string; sample: string }

describe('the API reference at /docs', () => {
  it('runs under its strict CSP, loads nothing off its origin, and tries a call with a token', async () => {
    const { context, page, errors } = await freshTab(browser)
    const origin = new URL(env().baseUrl).origin
    // Any request to another origin is recorded and refused: the page must work offline.
    const offOrigin: string[] = []
    await context.route('**/*', (route) => {
      const requested = route.request().url()
      if (requested.startsWith('data:') || new URL(requested).origin === origin) {
        return route.continue()
      }
      offOrigin.push(requested)
      return route.abort()
    })
    await page.addInitScript(() => {
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

    const response = await page.goto(url('/docs'))
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("style-src 'self'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toMatch(/nonce-|unsafe-eval/)

    // An operation is shown under its tag, with its responses once expanded.
    const spec = await (await fetch(url('/openapi.json'))).json()
    const tag: string = spec.paths['/api/v1/profile'].get.tags[0]
    await page.locator(`h3.opblock-tag[data-tag="${tag}"]`).click()
    const profile = page.locator('.opblock-get', {
      has: page.locator('.opblock-summary-path[data-path="/api/v1/profile"]'),
    })
    await profile.locator('.opblock-summary').first().click()
    await profile.locator('.responses-wrapper').waitFor()
    expect(await profile.locator('.response-col_status').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('200'), expect.stringContaining('401')]),
    )

    // Authorize with the demo administrator's token, then try the call.
    await page.locator('.scheme-container .btn.authorize').click()
    const dialog = page.locator('.dialog-ux')
    await dialog.locator('input').first().fill(env().adminToken)
    await dialog.locator('.auth-btn-wrapper .btn.authorize').click()
    await dialog.locator('.btn-done').click()
    await profile.locator('.try-out__btn').click()
    await profile.locator('.btn.execute').click()
    const live = profile.locator('.live-responses-table')
    await expect
      .poll(() => live.locator('tr.response .response-col_status').first().textContent(), {
        timeout: 15_000,
      })
      .toContain('200')
    expect(await live.locator('.highlight-code').first().textContent()).toContain('access_token')

    const violations = await page.evaluate(
      () => (window as unknown as { __violations: Violation[] }).__violations,
    )
    expect(violations).toEqual([])
    expect(offOrigin).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
