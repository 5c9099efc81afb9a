import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { freshTab, launchChromium, type Tab } from './browser.ts'
import { env, url } from './helpers.ts'

const AXE_SOURCE = readFileSync(
  path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'),
  'utf8',
)

/** The seeded agent (not an administrator): what a team member signs in as. */
export const agentCredentials = () => ({ email: env().agentEmail, password: env().agentPassword })

/** The seeded administrator: what a website owner signs in as. */
export const adminCredentials = () => ({ email: env().adminEmail, password: env().adminPassword })

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
 * axe-core's violations on the page. The source goes in through the DevTools protocol
 * (page.evaluate), which the page's CSP does not govern: the app's CSP allows no inline script,
 * so a script tag could not carry it.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<unknown> } }).axe
    const result = (await axe.run(document)) as { violations: AxeViolation[] }
    return result.violations
  })
}

/** axe-core's serious and critical violations on the page. */
export async function seriousViolations(page: Page) {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target) }))
}

/** The ids of every axe-core violation on the page, whatever its impact. */
export async function violationIds(page: Page) {
  return (await axeViolations(page)).map((v) => v.id)
}

/** The widths the dashboard's pages are checked at: a laptop's and a phone's. */
export const DESKTOP = { width: 1366, height: 768 }
export const PHONE = { width: 360, height: 740 }

/** One Chromium for a test file: launched before its tests, closed after; call to read it. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll')
    return browser
  }
}

type Credentials = ReturnType<typeof agentCredentials>
type SessionCookies = Awaited<ReturnType<BrowserContext['cookies']>>

/**
 * Where signed-in sessions are kept between test files (each file runs in its own process).
 * The sign-in limiter allows ten attempts a minute per IP and per email, and every browser test
 * signs in from 127.0.0.1: signing in anew for each tab would trip it, as a real office behind one
 * address would not. The sign-in form itself is tested where signIn is called directly.
 */
const sessionFile = () =>
  path.resolve(
    import.meta.dirname,
    `../../.wrangler/e2e-sessions-${new URL(env().baseUrl).port}.json`,
  )

function keptSessions(): Record<string, SessionCookies> {
  try {
    return JSON.parse(readFileSync(sessionFile(), 'utf8'))
  } catch {
    return {}
  }
}

/** Whether the kept session still signs its user in (a test may have ended it). */
async function stillSignedIn(cookies: SessionCookies) {
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const res = await fetch(url('/api/v1/profile'), { headers: { cookie } })
  await res.body?.cancel()
  return res.status === 200
}

/** A fresh tab at `viewport`, signed in (as the seeded agent unless `credentials` say else). */
export async function signedInTab(
  browser: Browser,
  credentials: Credentials = agentCredentials(),
  viewport = DESKTOP,
): Promise<Tab> {
  const tab = await freshTab(browser)
  await tab.page.setViewportSize(viewport)
  const kept = keptSessions()[credentials.email]
  if (kept && (await stillSignedIn(kept))) {
    await tab.context.addCookies(kept)
    await tab.page.goto(url(`/app/accounts/${env().accountId}/dashboard`))
    await inboxTab(tab.page, 'All').waitFor()
    return tab
  }
  await signIn(tab.page, credentials)
  const sessions = { ...keptSessions(), [credentials.email]: await tab.context.cookies() }
  writeFileSync(sessionFile(), JSON.stringify(sessions))
  return tab
}

/** axe's serious and critical findings at the desktop width and the phone's, back at desktop after. */
export async function violationsAtBothWidths(page: Page) {
  await page.setViewportSize(DESKTOP)
  const desktop = await seriousViolations(page)
  await page.setViewportSize(PHONE)
  const phone = await seriousViolations(page)
  await page.setViewportSize(DESKTOP)
  return { desktop, phone }
}

/** What violationsAtBothWidths finds on an accessible page. */
export const NO_VIOLATIONS = { desktop: [], phone: [] }
