import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import {
  eventually,
  expectDelivered,
  hasFocus,
  theConversationOf,
  uniq,
  url,
  visitorMessages,
  widget,
} from './helpers.ts'

const AXE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

type AxeResult = { violations: { id: string; impact: string; help: string; nodes: unknown[] }[] }

/** Waits for the panel's opening animation (axe would measure contrast mid-fade). */
const settled = (dialog: ReturnType<typeof widget>['dialog']) =>
  dialog.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished),
    ).then(() => undefined),
  )

/** axe-core over the whole document (it descends into open shadow roots); violations, summarised. */
async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document): Promise<AxeResult> } }).axe.run(document),
  )
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => (n as { target: unknown }).target),
  }))
}

/** Presses Tab until the element holds focus; fails if it is not reachable within `max` stops. */
async function tabTo(page: Page, target: ReturnType<typeof widget>['launcher'], max = 10) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await hasFocus(target)) return
  }
  throw new Error(`not reachable with Tab within ${max} stops`)
}

const focusInside = (dialog: ReturnType<typeof widget>['dialog']) =>
  dialog.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement))

describe('the widget for keyboard and assistive technology users', () => {
  it('has no axe-core violations, closed or open, and works with the keyboard alone', async () => {
    const { context, page } = await freshTab(browser)
    await page.goto(url('/'))
    const w = widget(page)
    await w.launcher.waitFor()
    expect(await axeViolations(page)).toEqual([])

    await tabTo(page, w.launcher)
    await page.keyboard.press('Enter')
    await w.dialog.waitFor()
    await eventually(() => focusInside(w.dialog)).toBe(true)
    expect(await w.launcher.getAttribute('aria-expanded')).toBe('true')
    // The pre-chat form, open: checked as it is.
    await w.nameField.waitFor()
    await settled(w.dialog)
    expect(await axeViolations(page)).toEqual([])

    const name = uniq('Kim Keyboard')
    await eventually(() => hasFocus(w.nameField)).toBe(true)
    await page.keyboard.type(name)
    await tabTo(page, w.emailField, 3)
    await page.keyboard.type('kim@example.com')
    await page.keyboard.press('Enter')

    await eventually(() => hasFocus(w.textbox)).toBe(true)
    const text = uniq('Typed without a mouse.')
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
    await expectDelivered(page, text)
    // The conversation view, open, with a message in the log.
    await settled(w.dialog)
    expect(await axeViolations(page)).toEqual([])

    await page.keyboard.press('Escape')
    await w.dialog.waitFor({ state: 'hidden' })
    await eventually(() => hasFocus(w.launcher)).toBe(true)
    expect(await w.launcher.getAttribute('aria-expanded')).toBe('false')

    const conversation = await theConversationOf(name)
    expect(await visitorMessages(conversation.id)).toEqual([text])
    await context.close()
  })
})
