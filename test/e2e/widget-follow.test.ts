import { tmpdir } from 'node:os'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import { sharedBrowser, violationIds } from './dashboard-helpers.ts'
import {
  agentReply,
  eventually,
  expectDelivered,
  openAndIntroduce,
  theConversationOf,
  uniq,
  url,
} from './helpers.ts'

// Screenshots for looking at, never inside the repository: SHOTS_DIR or the temporary folder.
const SHOTS = process.env.SHOTS_DIR ?? tmpdir()

const browser = sharedBrowser()
beforeAll(async () => {
  // The first page of a cold worker compiles the widget's routes: take that wait here.
  await fetch(url('/'))
})

/** True when the bubble's bottom edge is inside the message log's visible box. */
async function bottomInView(log: Locator, text: string) {
  const bubble = log.locator('.message', { hasText: text })
  const handle = await log.elementHandle()
  return bubble.evaluate((el, logEl) => {
    const box = el.getBoundingClientRect()
    const view = (logEl as HTMLElement).getBoundingClientRect()
    return box.bottom <= view.bottom + 1 && box.bottom > view.top
  }, handle)
}

/** A visitor with an open conversation that has more history than the panel shows. */
async function visitorWithHistory(page: Page) {
  await page.goto(url('/'))
  const name = uniq('Paste Visitor')
  const w = await openAndIntroduce(
    page,
    name,
    `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`,
  )
  const first = uniq('Hello, I have a question about my order.')
  await w.textbox.fill(first)
  await w.send.click()
  await expectDelivered(page, first)
  const conversation = await theConversationOf(name)
  let last = ''
  for (let i = 0; i < 8; i++) {
    last = uniq(`Reply ${i}: thanks for writing, let me look into the details of that for you.`)
    await agentReply(conversation.id, last)
  }
  await w.theirs(last).waitFor()
  return { w, conversation, last }
}

const pasted =
  'Order #4411 arrived damaged.\nThe box was crushed on one side.\nCan you send a replacement?'

describe('the widget follows the newest message', () => {
  for (const [width, height, label] of [
    [360, 640, 'phone'],
    [1366, 800, 'desktop'],
  ] as const) {
    it(`keeps a pasted multi-line message and later replies in view at ${width} px (${label})`, async () => {
      const { context, page } = await freshTab(browser())
      await page.setViewportSize({ width, height })
      const { w, conversation, last } = await visitorWithHistory(page)

      // A paste is one input event with several lines: the text box grows at once, and the list
      // shrinks under the newest message, which must stay in view.
      await w.textbox.focus()
      await page.keyboard.insertText(pasted)
      // SHOT=before names the screenshot taken on the code before the fix.
      if (width === 360)
        await page.screenshot({ path: `${SHOTS}/widget-paste-${process.env.SHOT ?? 'after'}.png` })
      await eventually(() => bottomInView(w.log, last)).toBe(true)
      await page.keyboard.press('Enter')
      await expectDelivered(page, 'Can you send a replacement?')
      await eventually(() => bottomInView(w.log, 'Can you send a replacement?')).toBe(true)

      const answer = uniq('We are sending a new one today.')
      await agentReply(conversation.id, answer)
      await w.theirs(answer).waitFor()
      await eventually(() => bottomInView(w.log, answer)).toBe(true)
      expect(await violationIds(page)).toEqual([])
      await context.close()
    })
  }

  it('shows a "new messages" button when the visitor has scrolled up, and it scrolls down and hides', async () => {
    const { context, page } = await freshTab(browser())
    await page.setViewportSize({ width: 360, height: 640 })
    const { w, conversation } = await visitorWithHistory(page)
    await w.log.evaluate((el) => {
      el.scrollTop = 0
    })
    const answer = uniq('Are you still there?')
    await agentReply(conversation.id, answer)
    const jump = w.dialog.getByRole('button', { name: 'New messages' })
    await jump.waitFor()
    expect(await bottomInView(w.log, answer)).toBe(false)
    expect(await violationIds(page)).toEqual([])
    await jump.click()
    await eventually(() => bottomInView(w.log, answer)).toBe(true)
    await jump.waitFor({ state: 'hidden' })
    await context.close()
  })
})
