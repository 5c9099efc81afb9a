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
