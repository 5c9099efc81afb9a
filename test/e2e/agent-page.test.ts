import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium } from './browser.ts'
import {
  env,
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

describe('the agent demo page', () => {
  it('lists the visitor’s conversation and sends a reply that the widget shows', async () => {
    const visitor = await freshTab(browser)
    await visitor.page.goto(url('/'))
    const name = uniq('Vera Visitor')
    const w = await openAndIntroduce(visitor.page, name, 'vera@example.com')
    const question = uniq('Can someone help me?')
    await sendMessage(visitor.page, question)
    const conversation = await theConversationOf(name)

    const agent = await freshTab(browser)
    const { accountId, websiteInboxId, agentToken } = env()
    await agent.page.goto(
      url(`/demo/agent#account=${accountId}&inbox=${websiteInboxId}&token=${agentToken}`),
    )
    await agent.page
      .getByRole('button', { name: new RegExp(`^#${conversation.id} ${name} — `) })
      .click()
    await agent.page.getByRole('log').getByText(`Visitor: ${question}`).waitFor()

    const reply = uniq('Of course, what do you need?')
    await agent.page.getByLabel('Reply').fill(reply)
    await agent.page.getByRole('button', { name: 'Send reply' }).click()

    await w.theirs(reply).waitFor()
    await expectCount(w.theirs(reply), 1)
    await eventuallyApi(async () =>
      (await messagesOf(conversation.id))
        .filter((m) => m.content === reply)
        .map((m) => m.message_type),
    ).toEqual([1])
    expect(agent.errors).toEqual([])
    await Promise.all([visitor.context.close(), agent.context.close()])
  })
})
