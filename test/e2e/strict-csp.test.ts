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
    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    const response = await page.goto(url('/demo/strict-csp'))
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/)
    expect(policy).toContain("style-src 'self'")
    expect(policy).not.toContain('unsafe-inline')

    // Before any intent, the launcher has the inbox colour the worker wrote into the loader
    // (/widget.js?inbox=): one request, no stylesheet from Parley's origin, no settings request.
    const inbox = await page.evaluate(() => {
      const script = document.querySelector('script[src*="widget.js"]') as HTMLScriptElement
      return new URL(script.src).searchParams.get('inbox') as string
    })
    const color: string = await (await fetch(url(`/public/api/v1/inboxes/${inbox}`)))
      .json()
      .then((body: { widget_color: string }) => body.widget_color)
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16))
    // The loader is async: once its launcher is drawn, it has the colour (set in the same task).
    const launcher = page.locator('parley-widget button.launcher')
    await launcher.waitFor()
    await expect
      .poll(() => launcher.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe(`rgb(${r}, ${g}, ${b})`)
    expect(requests.filter((path) => path === '/widget.js')).toHaveLength(1)
    // (The page's own /demo/page.css is the site's, not Parley's.)
    const fromParley = requests.filter((path) => /launcher\.css|widget\.css|^\/public\//.test(path))
    expect(fromParley).toEqual([])

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
