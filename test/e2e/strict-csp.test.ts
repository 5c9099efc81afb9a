import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import {
  agentReply,
  openAndIntroduce,
  sendMessage,
  theConversationOf,
  uniq,
  url,
} from './helpers.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

type Violation = { directive: string; blocked: string; sample: string }

describe('the widget under a strict Content-Security-Policy', () => {
  it("opens, sends and receives without 'unsafe-inline' and without a single violation", async () => {
    const { context, page, errors } = await freshTab(browser)
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
    const response = await page.goto(url('/demo/strict-csp'))
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/)
    expect(policy).toContain("style-src 'self'")
    expect(policy).not.toContain('unsafe-inline')

    // Before any intent, the launcher takes the inbox colour from launcher.css, a stylesheet the
    // loader links with the page's nonce.
    const color: string = await page.evaluate(async () => {
      const script = document.querySelector('script[data-inbox]') as HTMLScriptElement
      const res = await fetch(`/public/api/v1/inboxes/${script.dataset.inbox}`)
      return (await res.json()).widget_color
    })
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16))
    await expect
      .poll(() =>
        page
          .locator('parley-widget button.launcher')
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .toBe(`rgb(${r}, ${g}, ${b})`)

    const name = uniq('Cora Strict')
    const w = await openAndIntroduce(page, name, 'cora@example.com')
    // The styles arrived (constructable stylesheets, not <style>): the launcher is fixed in place.
    expect(await w.launcher.evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    expect(await w.dialog.evaluate((el) => getComputedStyle(el).position)).toBe('fixed')

    const text = uniq('Hello from a locked-down page.')
    await sendMessage(page, text)
    const conversation = await theConversationOf(name)
    const reply = uniq('Hello back.')
    await agentReply(conversation.id, reply)
    await w.theirs(reply).waitFor()

    const violations = await page.evaluate(
      () => (window as unknown as { __violations: Violation[] }).__violations,
    )
    expect(violations).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
