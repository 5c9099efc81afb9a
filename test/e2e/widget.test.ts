import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import {
  agentReply,
  env,
  eventually,
  eventuallyApi,
  expectCount,
  messagesOf,
  openAndIntroduce,
  sendMessage,
  theConversationOf,
  uniq,
  url,
  visitorMessages,
  widget,
} from './helpers.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Everything the page could have left in the browser, as counts. */
async function storedState(page: Page) {
  return page.evaluate(async () => ({
    localStorage: localStorage.length,
    sessionStorage: sessionStorage.length,
    indexedDB: (await indexedDB.databases()).length,
    caches: (await caches.keys()).length,
  }))
}

const nothingStored = { localStorage: 0, sessionStorage: 0, indexedDB: 0, caches: 0 }

describe('the widget on the demo page', () => {
  it('stores nothing before it is opened, then takes the pre-chat form and delivers a message to D1', async () => {
    const { context, page } = await freshTab(browser)
    await page.goto(url('/'))
    const w = widget(page)
    await w.launcher.waitFor()
    expect(await w.launcher.getAttribute('aria-label')).toBe('Open chat')

    // Hovering is intent: the full app loads, and still nothing may be stored.
    await w.launcher.hover()
    await page.locator('parley-widget .parley-app').waitFor({ state: 'attached' })
    await eventually(() => w.launcher.getAttribute('aria-busy')).toBeNull()
    expect(await context.cookies()).toEqual([])
    expect(await storedState(page)).toEqual(nothingStored)

    const name = uniq('Grace Visitor')
    const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`
    await openAndIntroduce(page, name, email)
    expect(await w.launcher.getAttribute('aria-label')).toBe('Close chat')
    const text = uniq('Do you ship to Lisbon?')
    await sendMessage(page, text)

    // Opening is consent to remember the visitor: one localStorage key, and still no cookie.
    expect(await context.cookies()).toEqual([])
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('parley:'))),
    ).toEqual([`parley:${env().websiteInboxIdentifier}`])

    const conversation = await theConversationOf(name)
    expect(conversation.meta.sender.email).toBe(email)
    expect(await visitorMessages(conversation.id)).toEqual([text])
    await context.close()
  })

  it('shows an agent reply live, keeps the history across a reload and counts unread replies', async () => {
    const { context, page } = await freshTab(browser)
    await page.goto(url('/'))
    const name = uniq('Alan Visitor')
    const w = await openAndIntroduce(page, name, 'alan.visitor@example.com')
    const question = uniq('Is the blue one in stock?')
    await sendMessage(page, question)
    const conversation = await theConversationOf(name)

    const reply = uniq('Yes, we have three left.')
    await agentReply(conversation.id, reply)
    await w.theirs(reply).waitFor()
    await expectCount(w.theirs(reply), 1)

    await page.reload()
    await w.launcher.click()
    // A returning visitor goes straight to the conversation, with its history from the server.
    await w.log.waitFor()
    await expectCount(w.mine(question), 1)
    await expectCount(w.theirs(reply), 1)
    expect(await w.startConversation.count()).toBe(0)

    await w.launcher.click()
    await w.dialog.waitFor({ state: 'hidden' })
    const second = uniq('They ship tomorrow.')
    await agentReply(conversation.id, second)
    await page.getByRole('button', { name: 'Open chat, 1 unread', exact: true }).waitFor()
    await w.launcher.click()
    await w.theirs(second).waitFor()
    await eventually(() => w.launcher.getAttribute('aria-label')).toBe('Close chat')

    // Nothing was duplicated on the way: the server has the visitor's message once.
    await eventuallyApi(async () =>
      (await messagesOf(conversation.id)).filter((m) => m.content === question),
    ).toHaveLength(1)
    await context.close()
  })
})
