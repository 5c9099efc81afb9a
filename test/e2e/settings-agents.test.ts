import { describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import {
  adminCredentials,
  DESKTOP,
  inboxTab,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { env, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

const settingsPath = (section: string) => `/app/accounts/${env().accountId}/settings/${section}`

describe('Settings › Agents', () => {
  it('invites an agent whose link sets a password and lands in the inbox', async () => {
    const admin = await signedInTab(browser(), adminCredentials())
    await admin.page.goto(url(settingsPath('agents')))
    await admin.page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor()
    await admin.page.getByRole('table', { name: 'Agents of this account' }).waitFor()
    expect(await violationsAtBothWidths(admin.page)).toEqual(NO_VIOLATIONS)

    const name = uniq('Newcomer')
    const email = `${uniq('invitee').replace(' ', '-')}@example.com`
    await admin.page.getByLabel('Name', { exact: true }).fill(name)
    // Exact: the inboxes to join are checkboxes named after the inboxes ("Demo Email").
    await admin.page.getByLabel('Email', { exact: true }).fill(email)
    await admin.page.getByLabel('Role', { exact: true }).selectOption('agent')
    await admin.page.getByRole('button', { name: 'Invite agent' }).click()
    const panel = admin.page.getByRole('region', { name: `Link for ${name}` })
    const link = (await panel.locator('code').innerText()).trim()
    expect(link).toMatch(/\/app\/auth\/password\/edit\?reset_password_token=[A-Za-z0-9_-]{43}$/)
    const row = admin.page.getByRole('row', { name: new RegExp(name) })
    await row.getByText('Invited', { exact: true }).waitFor()
    expect(await violationsAtBothWidths(admin.page)).toEqual(NO_VIOLATIONS)

    // The invitee opens the link in a browser of its own.
    const invitee = await freshTab(browser())
    await invitee.page.setViewportSize(DESKTOP)
    await invitee.page.goto(link)
    await invitee.page.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor()
    expect(await violationsAtBothWidths(invitee.page)).toEqual(NO_VIOLATIONS)
    await invitee.page.getByLabel('New password').fill('an invitee password')
    await invitee.page.getByLabel('Confirm password').fill('an invitee password')
    await invitee.page.getByRole('button', { name: 'Set password and sign in' }).click()
    await invitee.page.waitForURL(new RegExp(`/app/accounts/${env().accountId}/dashboard`))
    await inboxTab(invitee.page, 'All').waitFor()

    // The administrator's list now shows the agent as active.
    await admin.page.reload()
    await admin.page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('Active')
      .waitFor()

    // The link worked once: opened again, it says so.
    const again = await freshTab(browser())
    await again.page.goto(link)
    await again.page.getByLabel('New password').fill('another password here')
    await again.page.getByLabel('Confirm password').fill('another password here')
    await again.page.getByRole('button', { name: 'Set password and sign in' }).click()
    await again.page.getByText(/Ask your administrator for a new one/).waitFor()
    expect(await violationsAtBothWidths(again.page)).toEqual(NO_VIOLATIONS)
    for (const tab of [admin, invitee, again]) await tab.context.close()
  })

  it('is closed to the seeded agent, in the page and in the API', async () => {
    const tab = await signedInTab(browser())
    const { page } = tab
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0)
    await page.goto(url(settingsPath('agents')))
    await page.getByRole('heading', { name: 'Settings are for administrators' }).waitFor()
    expect(await page.getByRole('button', { name: 'Invite agent' }).count()).toBe(0)

    const api = `/api/v1/accounts/${env().accountId}`
    const webhooks = await page.request.get(url(`${api}/webhooks`))
    expect(webhooks.status()).toBe(403)
    const invite = await page.request.post(url(`${api}/agents`), {
      headers: { origin: new URL(url('/')).origin },
      data: { name: 'Nope', email: `${uniq('nope').replace(' ', '-')}@example.com` },
    })
    expect(invite.status()).toBe(403)
    const agents = await page.request.get(url(`${api}/agents`))
    expect(agents.status()).toBe(200)
    await tab.context.close()
  })
})
