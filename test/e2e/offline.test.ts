import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import {
  eventually,
  eventuallyApi,
  expectCount,
  expectDelivered,
  messagesOf,
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

describe('the widget offline', () => {
  it('keeps a message sent offline and delivers it exactly once when the connection returns', async () => {
    const { context, page } = await freshTab(browser)
    await page.goto(url('/'))
    const name = uniq('Olive Offline')
    const w = await openAndIntroduce(page, name, 'olive@example.com')
    const first = uniq('First, while online.')
    await sendMessage(page, first)
    const conversation = await theConversationOf(name)
    const contentsOnServer = async (text: string) =>
      (await messagesOf(conversation.id)).filter((m) => m.content === text).length

    await context.setOffline(true)
    await w.dialog.getByRole('status').filter({ hasText: 'You are offline' }).waitFor()
    const text = uniq('Sent from a tunnel.')
    await w.textbox.fill(text)
    await w.textbox.press('Enter')
    await eventually(() => w.mine(text).getAttribute('data-delivery')).toBe('queued')
    expect(await contentsOnServer(text)).toBe(0)

    await context.setOffline(false)
    await expectDelivered(page, text)
    await eventuallyApi(() => contentsOnServer(text)).toBe(1)

    // After a reload the history comes from the server: the message is there once, not twice.
    await page.reload()
    await w.launcher.click()
    await expectCount(w.mine(first), 1)
    await expectCount(w.mine(text), 1)
    expect(await contentsOnServer(text)).toBe(1)
    await context.close()
  })
})
