import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  agentCredentials,
  NO_VIOLATIONS,
  PHONE,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, publicApi, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

/** The demo agent's id and name, from their own profile. */
async function agentProfile() {
  const res = await fetch(url('/api/v1/profile'), {
    headers: { api_access_token: env().agentToken },
  })
  const profile = (await res.json()) as { id: number; name: string; available_name?: string }
  return { id: profile.id, name: profile.available_name || profile.name }
}

describe('notifications in the dashboard', () => {
  it("a colleague's mention raises the agent's badge live; the panel lists it and opens the conversation", async () => {
    const visitor = await publicApi('/contacts', { name: uniq('Mentioned Visitor') })
    const conversation = await publicApi(`/contacts/${visitor.source_id}/conversations`, {})
    const displayId = conversation.id as number
    const { page } = await signedInTab(browser(), agentCredentials())
    const bell = page.locator('.notify-bell')
    await bell.waitFor()
    const unreadOf = async () => {
      const label = (await bell.getAttribute('aria-label')) ?? ''
      return Number(/(\d+) unread/.exec(label)?.[1] ?? 0)
    }
    // The badge shows the server's count before the mention.
    const before = (await agentApi('/notifications/unread_count')) as number
    await expect.poll(unreadOf, { timeout: 10_000 }).toBe(before)

    // The administrator, in their own tab, mentions the agent in a private note with the @-picker.
    const agent = await agentProfile()
    const admin = (await signedInTab(browser(), adminCredentials())).page
    await admin.goto(url(`/app/accounts/${env().accountId}/conversations/${displayId}`))
    await admin.getByRole('button', { name: 'Private note' }).click()
    const note = admin.getByRole('textbox', { name: 'Private note' })
    await note.fill(`Could you take this? @${agent.name.slice(0, 3)}`)
    await admin
      .getByRole('listbox', { name: 'Agents to mention' })
      .getByRole('option', { name: `@${agent.name}` })
      .waitFor()
    await note.press('Enter')
    await note.press('Enter')
    await expect.poll(() => note.inputValue()).toBe('')
    await expect.poll(unreadOf, { timeout: 10_000 }).toBe(before + 1)
    await page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).waitFor()

    await bell.click()
    const panel = page.getByRole('region', { name: 'Notifications' })
    const item = panel.getByRole('button', {
      name: new RegExp(`\\[#${displayId}\\] Could you take this\\? @${agent.name}`),
    })
    await item.waitFor()
    await page.screenshot({ path: '/tmp/notify-panel-1366.png' })
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await page.setViewportSize(PHONE)
    await page.screenshot({ path: '/tmp/notify-panel-360.png' })

    await item.click()
    await page.waitForURL(new RegExp(`/conversations/${displayId}$`))
    await expect.poll(unreadOf, { timeout: 10_000 }).toBe(before)
  })
})
