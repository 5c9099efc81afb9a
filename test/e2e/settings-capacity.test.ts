import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, agentByEmail, env, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

const capacityPath = () => `/app/accounts/${env().accountId}/settings/capacity`

type Policy = {
  id: number
  name: string
  overall_conversation_limit: number | null
  user_ids: number[]
  inbox_capacity_limits: { inbox_id: number; conversation_limit: number }[]
}

describe('Settings › Capacity', () => {
  it('keeps a policy created with a limit and an agent across a reload', async () => {
    const agent = await agentByEmail(env().agentEmail)
    const admin = await signedInTab(browser(), adminCredentials())
    const { page } = admin
    await page.goto(url(`/app/accounts/${env().accountId}/settings/agents`))
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Capacity' })
      .click()
    await page.waitForURL(url(capacityPath()))
    await page.getByRole('heading', { level: 1, name: 'Capacity' }).waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    const name = uniq('Day shift')
    await page.getByRole('button', { name: 'Add policy' }).click()
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Overall limit').fill('4')
    await page.getByLabel(env().websiteInboxName, { exact: true }).fill('2')
    await page.getByRole('checkbox', { name: agent.name, exact: true }).check()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('row', { name: new RegExp(name) }).waitFor()

    await page.reload()
    const row = page.getByRole('row', { name: new RegExp(name) })
    await row.getByRole('cell', { name: '4', exact: true }).waitFor()
    await row.getByRole('cell', { name: agent.name, exact: true }).waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    const policies: Policy[] = await agentApi(
      '/agent_capacity_policies',
      undefined,
      env().adminToken,
    )
    const saved = policies.find((p) => p.name === name)
    expect(saved).toMatchObject({
      overall_conversation_limit: 4,
      user_ids: [agent.id],
      inbox_capacity_limits: [{ inbox_id: env().websiteInboxId, conversation_limit: 2 }],
    })
    // The demo agent serves the other browser tests: it leaves the policy with no limit.
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText('Capacity policy deleted.').waitFor()
    await admin.context.close()
  })

  it('is closed to an agent, in the page and in the API', async () => {
    const tab = await signedInTab(browser())
    await tab.page.goto(url(capacityPath()))
    await tab.page.getByRole('heading', { name: 'Settings are for administrators' }).waitFor()
    expect(await tab.page.getByRole('button', { name: 'Add policy' }).count()).toBe(0)
    const api = `/api/v1/accounts/${env().accountId}/agent_capacity_policies`
    expect((await tab.page.request.get(url(api))).status()).toBe(403)
    await tab.context.close()
  })
})
