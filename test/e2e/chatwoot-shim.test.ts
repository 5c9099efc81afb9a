import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import {
  agentReply,
  eventually,
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

const EVENTS = ['ready', 'opened', 'closed', 'on-message', 'error'].map((e) => `chatwoot:${e}`)

/** The chatwoot:* window events the page has seen so far, in order (listening from the start). */
const seenEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: string[] }).__events)

describe("Chatwoot's embed snippet with only the script URL changed", () => {
  it('gets window.$chatwoot, its events, toggle and setUser', async () => {
    const { context, page, errors } = await freshTab(browser)
    await page.addInitScript((names) => {
      const seen: string[] = []
      Object.assign(window, { __events: seen })
      for (const name of names) window.addEventListener(name, () => seen.push(name))
    }, EVENTS)
    await page.goto(url('/demo/chatwoot'))
    await eventually(() => seenEvents(page)).toEqual(['chatwoot:ready'])
    expect(
      await page.evaluate(() => {
        const w = window as unknown as { $chatwoot?: object; chatwootSDK?: { run?: unknown } }
        return {
          chatwoot: typeof w.$chatwoot,
          toggle: typeof (w.$chatwoot as { toggle?: unknown } | undefined)?.toggle,
          setUser: typeof (w.$chatwoot as { setUser?: unknown } | undefined)?.setUser,
          run: typeof w.chatwootSDK?.run,
        }
      }),
    ).toEqual({ chatwoot: 'object', toggle: 'function', setUser: 'function', run: 'function' })

    // setUser supplies name and email, so the pre-chat form that asks for them is skipped.
    const name = uniq('Sam Shim')
    const identifier = uniq('customer').replace(' ', '-')
    const email = `${identifier}@example.com`
    await page.evaluate(([id, user]) => window.$chatwoot.setUser(id, user), [
      identifier,
      { name, email },
    ] as const)
    await page.evaluate(() => window.$chatwoot.toggle('open'))
    const w = widget(page)
    await w.dialog.waitFor()
    await eventually(() => seenEvents(page)).toContain('chatwoot:opened')
    await w.textbox.waitFor()
    expect(await w.startConversation.count()).toBe(0)

    const text = uniq('Moved from Chatwoot.')
    await sendMessage(page, text)
    const conversation = await theConversationOf(name)
    // Without an identifier_hash the identifier is the visitor's claim, shown to agents but never
    // the contact's identity: only a verified one may link a visitor to a contact (DESIGN §4).
    expect(conversation.meta.sender).toMatchObject({ name, email, identifier: null })
    const sender = conversation.meta.sender as { additional_attributes?: Record<string, unknown> }
    expect(sender.additional_attributes?.unverified_claims).toMatchObject({ identifier })
    expect(await visitorMessages(conversation.id)).toEqual([text])

    const reply = uniq('Welcome over.')
    await agentReply(conversation.id, reply)
    await w.theirs(reply).waitFor()
    await eventually(() => seenEvents(page)).toContain('chatwoot:on-message')

    await page.evaluate(() => window.$chatwoot.toggle('close'))
    await w.dialog.waitFor({ state: 'hidden' })
    await eventually(() => seenEvents(page)).toContain('chatwoot:closed')
    expect((await seenEvents(page)).filter((e) => e === 'chatwoot:error')).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})

declare global {
  interface Window {
    $chatwoot: {
      toggle(state?: 'open' | 'close'): void
      setUser(identifier: string, user: Record<string, unknown>): void
    }
  }
}
