import { describe, expect, it } from 'vitest'
import {
  agentCredentials,
  NO_VIOLATIONS,
  PHONE,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, publicApi, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

/** The demo agent's id, from their own profile. */
async function agentId() {
  const res = await fetch(url('/api/v1/profile'), {
    headers: { api_access_token: env().agentToken },
  })
  return ((await res.json()) as { id: number }).id
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

    const id = await agentId()
    const note = `Could you take this? [@Agent](mention://user/${id}/Agent) ${uniq('ref')}`
    await agentApi(
      `/conversations/${displayId}/messages`,
      { content: note, private: true },
      env().adminToken,
    )
    await expect.poll(unreadOf, { timeout: 10_000 }).toBe(before + 1)
    await page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).waitFor()

    await bell.click()
    const panel = page.getByRole('region', { name: 'Notifications' })
    const item = panel.getByRole('button', {
      name: new RegExp(`\\[#${displayId}\\] Could you take this\\? @Agent`),
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
