import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import { inboxRow, inboxTab, showAll, signedInTab, signIn } from './dashboard-helpers.ts'
import {
  agentApi,
  eventuallyApi,
  expectCount,
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

describe('the agent inbox with a visitor in the widget', () => {
  it('shows a new conversation live, and the agent replies, notes privately and resolves it', async () => {
    const agent = await signedInTab(browser)
    // Signing in, the page asked whether a session exists (401): expected, and not this test's concern.
    agent.errors.length = 0
    await showAll(agent.page)
    let navigations = 0
    agent.page.on('framenavigated', (frame) => {
      if (frame === agent.page.mainFrame()) navigations++
    })

    const visitor = await freshTab(browser)
    await visitor.page.goto(url('/'))
    const name = uniq('Vera Visitor')
    const w = await openAndIntroduce(visitor.page, name, 'vera@example.com')
    const question = uniq('Can someone help me?')
    await sendMessage(visitor.page, question)

    // It appears without a reload: the page never navigated since the inbox showed.
    const row = inboxRow(agent.page, name)
    await row.waitFor()
    expect(navigations).toBe(0)
    await row.click()
    const log = agent.page.getByRole('region', { name: 'Messages' })
    await log.getByText(question).waitFor()

    const reply = uniq('Of course, what do you need?')
    await agent.page.getByRole('textbox', { name: 'Reply' }).fill(reply)
    await agent.page.getByRole('button', { name: 'Send' }).click()
    await w.theirs(reply).waitFor()
    await expectCount(w.theirs(reply), 1)

    const note = uniq('Vera is a returning customer')
    await agent.page.getByRole('button', { name: 'Private note' }).click()
    await agent.page.getByRole('textbox', { name: 'Private note' }).fill(note)
    await agent.page.getByRole('button', { name: 'Send' }).click()
    await log.getByText(note).waitFor()
    const conversation = await theConversationOf(name)
    await eventuallyApi(
      async () => (await messagesOf(conversation.id)).filter((m) => m.content === note).length,
    ).toBe(1)

    // A later reply reaches the visitor; the note, sent before it, never did.
    await agent.page.getByRole('button', { name: 'Reply', exact: true }).click()
    const later = uniq('Anything else?')
    await agent.page.getByRole('textbox', { name: 'Reply' }).fill(later)
    await agent.page.getByRole('button', { name: 'Send' }).click()
    await w.theirs(later).waitFor()
    await expectCount(w.log.getByText(note), 0)

    const resolve = agent.page.getByRole('button', { name: 'Resolve' })
    // The primary button's text must show on its own background (it once was white on white).
    const [ink, fill] = await resolve.evaluate((el) => {
      const style = getComputedStyle(el)
      return [style.color, style.backgroundColor]
    })
    expect(ink).toBe('rgb(255, 255, 255)')
    expect(fill).not.toBe('rgb(255, 255, 255)')
    await resolve.click()
    await agent.page.getByRole('button', { name: 'Reopen' }).waitFor()
    await eventuallyApi(
      async () =>
        (
          (await agentApi(`/conversations/${conversation.id}`)) as {
            status: string
          }
        ).status,
    ).toBe('resolved')

    expect(agent.errors).toEqual([])
    await Promise.all([visitor.context.close(), agent.context.close()])
  })
})

describe('the agent’s session', () => {
  it('survives a reload, and signing out ends it', async () => {
    const agent = await freshTab(browser)
    await signIn(agent.page)
    const inboxUrl = agent.page.url()
    await agent.page.reload()
    await inboxTab(agent.page, 'All').waitFor()
    expect(agent.page.url()).toBe(inboxUrl)

    const cookie = (await agent.context.cookies()).find((c) => c.name === 'parley_session')
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Strict')
    const storage = await agent.page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(storage).not.toContain(cookie?.value ?? 'no cookie')

    await agent.page.getByRole('button', { name: /account menu/i }).click()
    await agent.page.getByRole('menuitem', { name: 'Sign out' }).click()
    await agent.page.waitForURL(/\/app\/login/)
    // The old cookie no longer opens anything, sent from this origin or not.
    const profile = await fetch(url('/api/v1/profile'), {
      headers: { cookie: `parley_session=${cookie?.value}` },
    })
    expect(profile.status).toBe(401)
    await agent.page.goto(inboxUrl)
    await agent.page.waitForURL(/\/app\/login/)
    await agent.context.close()
  })
})
