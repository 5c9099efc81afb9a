import { describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import {
  adminCredentials,
  DESKTOP,
  inboxTab,
  NO_VIOLATIONS,
  PHONE,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, newContactConversation, uniq, url } from './helpers.ts'

const browser = sharedBrowser()
const admin = () => env().adminToken
const appPath = (rest: string) => `/app/accounts/${env().accountId}/${rest}`

/** The administrator's API (PATCH/GET with its token). */
async function adminApi(path: string, method = 'GET', body?: unknown) {
  const res = await fetch(url(`/api/v1/accounts/${env().accountId}${path}`), {
    method,
    headers: { api_access_token: admin(), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return res.json()
}

describe('day one, the smaller things', () => {
  it('an invitation chooses inboxes; an agent in none reads why the list is empty; reports show "—"', async () => {
    const tab = await signedInTab(browser(), adminCredentials())
    const { page } = tab
    await page.goto(url(appPath('settings/agents')))
    const form = page.getByRole('form', { name: 'Invite agent' })
    const inboxes = form.getByRole('group', { name: 'Inboxes' })
    await inboxes.waitFor()
    const firstInbox = (await adminApi('/inboxes')).payload[0] as { id: number; name: string }
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    // One agent into the first inbox, with the invitation.
    const placed = uniq('Placed')
    await form.getByRole('textbox', { name: 'Name' }).fill(placed)
    await form
      .getByRole('textbox', { name: 'Email' })
      .fill(`${placed.replace(' ', '-').toLowerCase()}@example.com`)
    await inboxes.getByRole('checkbox', { name: firstInbox.name, exact: true }).check()
    await form.getByRole('button', { name: 'Invite agent' }).click()
    await page.getByRole('region', { name: `Link for ${placed}` }).waitFor()
    await page.screenshot({ path: '/tmp/day-one-invite-1366.png', fullPage: true })
    const members = await adminApi(`/inbox_members/${firstInbox.id}`)
    expect(members.payload.map((a: { name: string }) => a.name)).toContain(placed)

    // Another into none: after setting a password, the inbox says why it is empty.
    const alone = uniq('Alone')
    await form.getByRole('textbox', { name: 'Name' }).fill(alone)
    await form
      .getByRole('textbox', { name: 'Email' })
      .fill(`${alone.replace(' ', '-').toLowerCase()}@example.com`)
    await form.getByRole('button', { name: 'Invite agent' }).click()
    const link = (
      await page
        .getByRole('region', { name: `Link for ${alone}` })
        .locator('code')
        .innerText()
    ).trim()
    const invitee = await freshTab(browser())
    await invitee.page.setViewportSize(DESKTOP)
    await invitee.page.goto(link)
    await invitee.page.getByLabel('New password').fill('an invitee password')
    await invitee.page.getByLabel('Confirm password').fill('an invitee password')
    await invitee.page.getByRole('button', { name: 'Set password and sign in' }).click()
    const explanation = invitee.page.getByText(
      "You're not in any inbox yet. Ask an administrator to add you to one.",
    )
    await explanation.waitFor()
    expect(await violationsAtBothWidths(invitee.page)).toEqual(NO_VIOLATIONS)
    await invitee.page.setViewportSize(PHONE)
    await explanation.waitFor()
    await invitee.page.screenshot({ path: '/tmp/day-one-no-inbox-360.png' })
    await invitee.context.close()

    // Reports: the new agents have no conversations, so their times are "—", read "No data".
    await page.goto(url(appPath('reports')))
    const row = page
      .getByRole('table', { name: 'Agents' })
      .getByRole('row', { name: new RegExp(alone) })
    await row.waitFor()
    const cells = await row.getByRole('cell').allInnerTexts()
    // Seen: the dash; heard: "No data" (visually hidden, so innerText has both).
    expect(cells.slice(2).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      '— No data',
      '— No data',
      '— No data',
    ])
    expect(await row.getByText('No data').count()).toBe(3)
    expect((await row.innerText()).includes('0 s')).toBe(false)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await page.screenshot({ path: '/tmp/day-one-reports-1366.png', fullPage: true })
    await tab.context.close()
  })

  it('lands the administrator on Unassigned while Mine is empty', async () => {
    // The account is shared with the other browser tests, and a reply there assigns its
    // author: hand the administrator's open conversations back first, so Mine is empty.
    for (;;) {
      const mine = await adminApi('/conversations?assignee_type=me&status=open')
      const ids = (mine.data.payload as { id: number }[]).map((conversation) => conversation.id)
      if (ids.length === 0) break
      for (const id of ids) {
        await adminApi(`/conversations/${id}/assignments`, 'POST', { assignee_id: null })
      }
    }
    await newContactConversation(uniq('Waiting Wanda'), 'Is anyone there?')
    const counts = await adminApi('/conversations/meta?status=open')
    expect(counts.meta.mine_count).toBe(0)
    expect(counts.meta.unassigned_count).toBeGreaterThan(0)
    const tab = await signedInTab(browser(), adminCredentials())
    await tab.page.goto(url(appPath('dashboard')))
    const unassigned = inboxTab(tab.page, 'Unassigned')
    await expect
      .poll(() => unassigned.getAttribute('aria-selected'), { timeout: 10_000 })
      .toBe('true')
    expect(await inboxTab(tab.page, 'Mine').getAttribute('aria-selected')).toBe('false')
    expect(await violationsAtBothWidths(tab.page)).toEqual(NO_VIOLATIONS)
    await tab.context.close()
  })

  it("shows funnel totals in the account's currency, chosen in Settings › Account", async () => {
    const tab = await signedInTab(browser(), adminCredentials())
    const { page } = tab
    await page.goto(url(appPath('settings/account')))
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Account settings saved.').waitFor()
    expect((await adminApi('')).settings.currency).toBe('EUR')
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    const funnel = await agentApi('/funnels', { name: uniq('Deals') }, admin())
    const lead = await agentApi(`/funnels/${funnel.id}/stages`, { name: 'Lead' }, admin())
    const id = await newContactConversation(uniq('Bruno Buyer'), 'A quote, please')
    await agentApi(
      `/conversations/${id}/funnel_stage`,
      { funnel_id: funnel.id, stage_id: lead.id },
      admin(),
    )
    await agentApi(
      `/conversations/${id}/products`,
      { product_name: 'Annual plan', product_value: '1234.5', quantity: 2 },
      admin(),
    )
    await page.goto(url(appPath(`funnels/${funnel.id}`)))
    const column = page.getByRole('region', { name: 'Lead' })
    // The stage's total and the card's, both in euros.
    await expect.poll(() => column.getByText('€2,469.00').count(), { timeout: 10_000 }).toBe(2)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await page.setViewportSize(PHONE)
    await page.screenshot({ path: '/tmp/day-one-funnel-360.png' })
    await page.setViewportSize(DESKTOP)
    await page.screenshot({ path: '/tmp/day-one-funnel-1366.png' })
    await adminApi('', 'PATCH', { currency: null })
    await tab.context.close()
  })
})
