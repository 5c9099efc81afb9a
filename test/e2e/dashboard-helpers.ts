import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { env, url } from './helpers.ts'

const AXE_SOURCE = readFileSync(
  path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'),
  'utf8',
)

/** The seeded agent (not an administrator): what a team member signs in as. */
export const agentCredentials = () => ({ email: env().agentEmail, password: env().agentPassword })

/** Signs in on /app/login as a person would, and waits for the inbox. */
export async function signIn(page: Page, credentials = agentCredentials()) {
  await page.goto(url('/app/login'))
  await page.getByLabel('Email').fill(credentials.email)
  await page.getByLabel('Password').fill(credentials.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/app\/accounts\/\d+\/dashboard/)
  await inboxTab(page, 'All').waitFor()
}

/** The list of conversations in the inbox pane. */
export const inboxList = (page: Page) => page.getByRole('list', { name: 'Conversations' })

/** The inbox row of a contact's conversation (a link to it). */
export const inboxRow = (page: Page, contactName: string) =>
  inboxList(page).getByRole('link', { name: new RegExp(contactName) })

/** One of the inbox's Mine / Unassigned / All tabs (named with their count). */
export const inboxTab = (page: Page, name: 'Mine' | 'Unassigned' | 'All') =>
  page.getByRole('tab', { name: new RegExp(`^${name}\\b`) })

/** Shows every conversation the agent may see, whatever its assignee. */
export async function showAll(page: Page) {
  await inboxTab(page, 'All').click()
}

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: unknown }[] }

/**
 * axe-core's serious and critical violations on the page. The source goes in through the
 * DevTools protocol (page.evaluate), which the page's CSP does not govern: the app's CSP allows
 * no inline script, so a script tag could not carry it.
 */
export async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<unknown> } }).axe
    const result = (await axe.run(document)) as { violations: AxeViolation[] }
    return result.violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target) }))
}
