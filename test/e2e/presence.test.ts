import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import {
  adminCredentials,
  DESKTOP,
  NO_VIOLATIONS,
  PHONE,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import {
  agentByEmail,
  env,
  eventually,
  eventuallyApi,
  hasFocus,
  openAndIntroduce,
  sendMessage,
  theConversationOf,
  uniq,
  url,
  widget,
} from './helpers.ts'

const browser = sharedBrowser()
const AXE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')
const agentsPage = () => url(`/app/accounts/${env().accountId}/settings/agents`)
const demoPage = () => url(`/?inbox=${env().websiteInboxIdentifier}`)

type AxeResult = { violations: { id: string; nodes: unknown[] }[] }
/** Every axe-core violation on the page (it descends into the widget's open shadow root). */
async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document): Promise<AxeResult> } }).axe.run(document),
  )
  return result.violations.map((v) => v.id)
}

/** The seeded agent's name as the agents API gives it (what the widget's initials come from). */
async function seededAgentName(): Promise<string> {
  const agent = await agentByEmail(env().agentEmail)
  return agent.available_name || agent.name
}

const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('')

/** The availability cell of an agent's row in Settings → Agents. */
const presenceOf = (page: Page, name: string) =>
  page.getByRole('row', { name: new RegExp(name) }).locator('.agent-presence')

/** Whether an element lies wholly inside the viewport and no other element covers its centre. */
async function usable(locator: Locator) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const inside =
      box.width > 0 &&
      box.height > 0 &&
      box.left >= 0 &&
      box.top >= 0 &&
      box.right <= window.innerWidth &&
      box.bottom <= window.innerHeight
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return { inside, onTop: hit === el || (hit !== null && el.closest('label')?.contains(hit)) }
  })
}

describe('agent presence', () => {
  it("shows a colleague online and busy live in Settings → Agents and the widget's header", async () => {
    const name = await seededAgentName()
    const admin = await signedInTab(browser(), adminCredentials())
    await admin.page.goto(agentsPage())
    await admin.page.getByRole('table', { name: 'Agents of this account' }).waitFor()
    const presence = presenceOf(admin.page, name)

    // The agent signs in (a dashboard tab connects): the administrator sees Online, no reload.
    const agent = await signedInTab(browser())
    await eventually(() => presence.textContent()).toBe('Online')
    await admin.page.screenshot({ path: '/tmp/presence-agents-online-1366.png' })
    expect(await violationsAtBothWidths(admin.page)).toEqual(NO_VIOLATIONS)
    await admin.page.setViewportSize(PHONE)
    await admin.page.screenshot({ path: '/tmp/presence-agents-online-360.png', fullPage: true })
    await admin.page.setViewportSize(DESKTOP)

    // The widget's header: the team is online, with the agent's initials.
    const visitor = await freshTab(browser())
    await visitor.page.setViewportSize(DESKTOP)
    await visitor.page.goto(demoPage())
    const w = widget(visitor.page)
    await w.launcher.click()
    await w.dialog.waitFor()
    await w.dialog.getByText('We are online').waitFor()
    const avatar = w.dialog.getByRole('img', { name, exact: true })
    await avatar.waitFor()
    expect(await avatar.textContent()).toBe(initialsOf(name))
    await visitor.page.waitForTimeout(400)
    await visitor.page.screenshot({ path: '/tmp/presence-widget-1366.png' })
    expect(await axeViolations(visitor.page)).toEqual([])
    await visitor.page.setViewportSize(PHONE)
    await visitor.page.waitForTimeout(400)
    await visitor.page.screenshot({ path: '/tmp/presence-widget-360.png' })
    expect(await axeViolations(visitor.page)).toEqual([])

    // The agent chooses Busy in the switch: the administrator sees Busy live.
    const availability = agent.page.getByRole('combobox', { name: 'Availability' })
    await availability.selectOption('busy')
    await eventually(() => presence.textContent()).toBe('Busy')
    await agent.page.screenshot({ path: '/tmp/presence-switch-busy-1366.png' })
    expect(await violationsAtBothWidths(agent.page)).toEqual(NO_VIOLATIONS)

    // Back to online, so the seeded agent is left as found.
    await availability.selectOption('online')
    await eventually(() => presence.textContent()).toBe('Online')
    for (const tab of [admin, agent, visitor]) await tab.context.close()
  }, 120_000)

  it("keeps the availability switch's checkbox usable on a phone", async () => {
    const agent = await signedInTab(browser(), undefined, PHONE)
    const autoOffline = agent.page.getByRole('checkbox', {
      name: 'Go offline when I close the dashboard',
    })
    // On a phone the switch may sit behind the header's menu: open it if the checkbox is hidden.
    if (!(await autoOffline.isVisible())) {
      await agent.page.getByRole('button', { name: /menu/i }).first().click()
    }
    await autoOffline.waitFor()
    await agent.page.screenshot({ path: '/tmp/presence-switch-360.png' })
    expect(await usable(autoOffline)).toEqual({ inside: true, onTop: true })
    const before = await autoOffline.isChecked()
    await autoOffline.click()
    await eventually(() => autoOffline.isChecked()).toBe(!before)
    await autoOffline.click()
    await eventually(() => autoOffline.isChecked()).toBe(before)
    expect(await violationsAtBothWidths(agent.page)).toEqual(NO_VIOLATIONS)
    await agent.context.close()
  })

  it('asks before the ✓ ends the chat: Cancel keeps it with the focus on the ✓, End ends it', async () => {
    const { context, page } = await freshTab(browser())
    await page.setViewportSize(DESKTOP)
    await page.goto(demoPage())
    const visitor = uniq('Eve Ender')
    const w = await openAndIntroduce(
      page,
      visitor,
      `${visitor.replace(/\W+/g, '.').toLowerCase()}@example.com`,
    )
    await sendMessage(page, uniq('Just a quick question.'))
    const end = w.dialog.getByRole('button', { name: 'End conversation' })
    const question = w.dialog.getByRole('group', { name: 'End this conversation?' })

    await end.click()
    await question.waitFor()
    await page.screenshot({ path: '/tmp/presence-end-confirm-1366.png' })
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize(PHONE)
    await page.waitForTimeout(400)
    await page.screenshot({ path: '/tmp/presence-end-confirm-360.png' })
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize(DESKTOP)

    await question.getByRole('button', { name: 'Cancel' }).click()
    await question.waitFor({ state: 'detached' })
    await eventually(() => hasFocus(end)).toBe(true)
    expect((await theConversationOf(visitor)).status).toBe('open')

    await end.click()
    await question.getByRole('button', { name: 'End', exact: true }).click()
    await eventuallyApi(async () => (await theConversationOf(visitor)).status).toBe('resolved')
    await end.waitFor({ state: 'detached' })
    await context.close()
  })
})
