import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './browser.ts'
import {
  adminCredentials,
  DESKTOP,
  NO_VIOLATIONS,
  PHONE,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, agentByEmail, env, newContactConversation, uniq, url } from './helpers.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * A website inbox of the administrator and the seeded agent with auto-assignment off, so a
 * conversation in it stays unassigned until a reply takes it. In the website inbox, auto-assignment
 * gives a new conversation to an agent who closed a dashboard less than the presence grace ago
 * (30 s), as an earlier test file may just have done.
 */
async function inboxWithoutAutoAssignment(): Promise<number> {
  const admin = env().adminToken
  const inbox = await agentApi(
    '/inboxes',
    {
      name: uniq('Collab desk'),
      channel: { type: 'web_widget', website_url: 'https://collab.example.com' },
      enable_auto_assignment: false,
    },
    admin,
  )
  const members = [
    (await agentByEmail(env().adminEmail)).id,
    (await agentByEmail(env().agentEmail)).id,
  ]
  await agentApi('/inbox_members', { inbox_id: inbox.id, user_ids: members }, admin)
  return inbox.id as number
}

const conversationUrl = (displayId: number) =>
  url(`/app/accounts/${env().accountId}/conversations/${displayId}`)

describe('two agents in one conversation', () => {
  it('shows who is viewing and typing, warns before a second reply, and shows labels live', async () => {
    // The seeded agent has just had a dashboard open: still online for auto-assignment.
    const earlier = await signedInTab(browser)
    await earlier.context.close()
    const name = uniq('Cleo Collab')
    const inboxId = await inboxWithoutAutoAssignment()
    const displayId = await newContactConversation(name, 'Hello, anyone there?', inboxId)
    const title = uniq('vip').replace(' ', '-')
    await agentApi('/labels', { title, color: '#1f2937' }, env().adminToken)
    await agentApi(`/conversations/${displayId}/labels`, { labels: [title] }, env().adminToken)

    const a = await signedInTab(browser, adminCredentials())
    const b = await signedInTab(browser)
    await a.page.goto(conversationUrl(displayId))
    await b.page.goto(conversationUrl(displayId))
    const replyA = a.page.getByRole('textbox', { name: 'Reply' })
    const replyB = b.page.getByRole('textbox', { name: 'Reply' })
    await replyA.waitFor()
    await replyB.waitFor()

    // B sees A viewing, then typing, by name (never "Bot").
    await b.page.getByText(/ is viewing$/).waitFor()
    await replyA.pressSequentially('Let me check')
    const typing = b.page.getByText(/ is typing…$/)
    await typing.waitFor()
    expect(await typing.textContent()).not.toContain('Bot')

    // Chips: the applied label in the header, in its colour.
    const chip = b.page.locator('.cv-header .label-chip', { hasText: title })
    await chip.waitFor()

    // B starts writing, A replies, B's send warns and waits for a decision.
    await replyB.fill('I can help too')
    await replyA.fill('Here is the answer')
    await a.page.getByRole('button', { name: 'Send' }).click()
    await b.page.getByRole('region', { name: 'Messages' }).getByText('Here is the answer').waitFor()
    // A's reply took the unassigned conversation: both see the activity line without a reload.
    for (const tab of [a, b]) {
      await tab.page
        .getByRole('region', { name: 'Messages' })
        .getByText(/self-assigned this conversation$/)
        .waitFor()
    }
    await b.page.getByRole('button', { name: 'Send' }).click()
    const warning = b.page.getByRole('alert').filter({ hasText: 'replied since you started' })
    await warning.waitFor()
    await b.page.screenshot({ path: '/tmp/collab-warning-1366.png' })
    expect(await violationsAtBothWidths(b.page)).toEqual(NO_VIOLATIONS)
    await b.page.setViewportSize(PHONE)
    await b.page.screenshot({ path: '/tmp/collab-warning-360.png' })
    await b.page.setViewportSize(DESKTOP)
    await b.page.getByRole('button', { name: 'Review' }).click()
    await expect.poll(() => warning.count()).toBe(0)

    // A label made meanwhile (Settings in another tab) is in the label menu without a reload.
    const fresh = uniq('new').replace(' ', '-')
    await agentApi('/labels', { title: fresh, color: '#fde68a' }, env().adminToken)
    await b.page.getByRole('button', { name: 'Labels', exact: true }).click()
    await b.page.getByRole('checkbox', { name: fresh }).waitFor()
    await a.context.close()
    await b.context.close()
  }, 90_000)

  it("gets a label and a canned response made in another tab's Settings without a reload", async () => {
    const name = uniq('Sam Settings')
    const displayId = await newContactConversation(name, 'Can you help?')
    const settings = await signedInTab(browser, adminCredentials())
    const agent = await signedInTab(browser)
    await agent.page.goto(conversationUrl(displayId))
    const reply = agent.page.getByRole('textbox', { name: 'Reply' })
    await reply.waitFor()

    // The agent's label menu and canned list stay open while Settings changes.
    await agent.page.getByRole('button', { name: 'Labels', exact: true }).click()
    const title = uniq('live').replace(' ', '-')
    await settings.page.goto(url(`/app/accounts/${env().accountId}/settings/labels`))
    await settings.page.getByRole('button', { name: 'Add label' }).click()
    await settings.page.getByLabel('Title', { exact: true }).fill(title)
    await settings.page.getByRole('button', { name: 'Save', exact: true }).click()
    await agent.page.getByRole('checkbox', { name: title }).waitFor()
    await agent.page.getByRole('checkbox', { name: title }).check()
    await agent.page.locator('.cv-header .label-chip', { hasText: title }).waitFor()
    await agent.page.keyboard.press('Escape')

    const code = `live${uniq('x').split(' ')[1]}`
    await reply.fill(`/${code.slice(0, 3)}`)
    await settings.page.goto(url(`/app/accounts/${env().accountId}/settings/canned-responses`))
    await settings.page.getByRole('button', { name: 'Add canned response' }).click()
    await settings.page.getByLabel('Short code', { exact: true }).fill(code)
    await settings.page.getByLabel('Content', { exact: true }).fill('Made a moment ago')
    await settings.page.getByRole('button', { name: 'Save', exact: true }).click()
    const listbox = agent.page.getByRole('listbox', { name: 'Canned responses' })
    await listbox.getByRole('option', { name: new RegExp(code) }).waitFor()
    await agent.page.screenshot({ path: '/tmp/collab-settings-live-1366.png' })
    expect(await violationsAtBothWidths(agent.page)).toEqual(NO_VIOLATIONS)
    await agent.page.setViewportSize(PHONE)
    await agent.page.screenshot({ path: '/tmp/collab-settings-live-360.png' })
    await settings.context.close()
    await agent.context.close()
  }, 90_000)
})
