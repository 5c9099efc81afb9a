import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { rateConversation, surveyedConversation } from './csat-helpers.ts'
import {
  adminCredentials,
  NO_VIOLATIONS,
  PHONE,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, publicApi, uniq, url } from './helpers.ts'

const browser = sharedBrowser()
const reportsPath = () => `/app/accounts/${env().accountId}/reports/overview`

/**
 * Today's activity: a visitor starts a conversation and writes, the administrator replies (its
 * first response) and resolves it.
 */
async function seedActivity() {
  const name = uniq('Rita Reports')
  const contact = await publicApi('/contacts', { name, email: `${name.split(' ')[2]}@example.com` })
  const conversation = await publicApi(`/contacts/${contact.source_id}/conversations`, {})
  await publicApi(`/contacts/${contact.source_id}/conversations/${conversation.id}/messages`, {
    content: 'How much is the blue one?',
  })
  const admin = env().adminToken
  await agentApi(
    `/conversations/${conversation.id}/messages`,
    { content: 'It is 12 euros.', message_type: 'outgoing' },
    admin,
  )
  await agentApi(`/conversations/${conversation.id}/toggle_status`, { status: 'resolved' }, admin)
}

/** A summary card's figure ("Conversations" → "3"). */
const figure = (page: Page, name: string) =>
  page
    .locator('.report-card')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('.report-figure')

/** A table's body rows as the text of their cells. */
const bodyRows = (page: Page, tableName: RegExp) =>
  page
    .getByRole('table', { name: tableName })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')),
    )

/** The answers to the four requests for time figures asked in business hours, in any order. */
const timeFigureAnswers = (page: Page) => {
  const asked = (test: (path: string, query: URLSearchParams) => boolean) =>
    page.waitForResponse((response) => {
      const { pathname, searchParams } = new URL(response.url())
      return searchParams.get('business_hours') === 'true' && test(pathname, searchParams)
    })
  return Promise.all([
    asked((path) => path.endsWith('/reports/summary')),
    asked((path) => path.endsWith('/summary_reports/agent')),
    asked((path, q) => path.endsWith('/reports') && q.get('metric') === 'avg_first_response_time'),
    asked((path, q) => path.endsWith('/reports') && q.get('metric') === 'avg_resolution_time'),
  ])
}

describe('the reports overview', () => {
  it("shows today's conversations in the summary, the chart and its table, and downloads them as CSV", async () => {
    await seedActivity()
    const owner = await signedInTab(browser(), adminCredentials())
    const { page } = owner
    // The sign-in page asked whether a session exists (401): expected, and not this test's concern.
    owner.errors.length = 0
    await page.goto(url(reportsPath()))
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: /^Report for / })
      .waitFor()

    // The last 7 days by day: the chart is an image named for what it shows.
    const chart = page.getByRole('img', { name: /^Conversations per day, .*: total \d+, peak/ })
    await chart.waitFor()
    const rows = await bodyRows(page, /^Conversations per day/)
    expect(rows).toHaveLength(7)
    const today = Number(rows.at(-1)?.[1])
    expect(today).toBeGreaterThanOrEqual(1)
    const total = rows.reduce((sum, row) => sum + Number(row[1]), 0)
    const summary = Number(await figure(page, 'Conversations').textContent())
    expect(summary).toBe(total)
    expect(await chart.getAttribute('aria-labelledby')).toBeTruthy()
    expect(await page.getByRole('img', { name: /^First response time per day/ }).count()).toBe(1)
    // The first response and the resolution happened today: both averages have a figure.
    expect(await figure(page, 'Resolutions').textContent()).not.toBe('0')

    // The table shows on request too.
    const toggle = page.getByRole('button', { name: 'Show data table' }).first()
    await toggle.click()
    await page.getByRole('region', { name: 'Conversations: data' }).waitFor({ state: 'visible' })

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^parley-report-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/,
    )
    const csv = readFileSync((await download.path()) as string, 'utf8')
    expect(csv).toContain(`\r\nConversations,${summary},`)
    expect(csv).toContain('\r\nConversations per day\r\nPeriod start,Conversations\r\n')

    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    // At a phone's width the agents' table scrolls sideways inside its own region.
    await page.setViewportSize(PHONE)
    const agentsTable = page.getByRole('region', { name: 'Agents' })
    expect(await agentsTable.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    expect(owner.errors).toEqual([])
    await owner.context.close()
  })

  it("shows a contact's CSAT rating in the customer satisfaction section, axe clean at 1366 and 360 px", async () => {
    const { uuid } = await surveyedConversation()
    const comment = uniq('Helpful and quick')
    await rateConversation(uuid, 5, comment)
    const owner = await signedInTab(browser(), adminCredentials())
    const { page } = owner
    owner.errors.length = 0
    await page.goto(url(reportsPath()))
    const section = page.getByRole('region', { name: 'Customer satisfaction' })
    await section.waitFor()
    const comments = section.getByRole('table', { name: 'Comments' })
    await comments.getByText(comment).waitFor()
    const row = comments.locator('tr').filter({ hasText: comment })
    expect(await row.getByText('5 of 5').count()).toBe(1)
    expect(await row.getByRole('link', { name: /^Conversation #\d+$/ }).count()).toBe(1)
    expect(
      Number(await section.locator('.report-card').first().locator('dd').textContent()),
    ).toBeGreaterThanOrEqual(1)
    await section.getByRole('img', { name: /^Satisfaction score per day/ }).waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    expect(owner.errors).toEqual([])
    await owner.context.close()
  })

  it('asks every time figure again in business hours once the switch is on, keeps it across a reload, axe clean at 1366 and 360 px', async () => {
    await seedActivity()
    const owner = await signedInTab(browser(), adminCredentials())
    const { page } = owner
    owner.errors.length = 0
    await page.goto(url(reportsPath()))
    const loaded = page.getByRole('status').filter({ hasText: /^Report for / })
    await loaded.waitFor()
    const hours = page.getByRole('switch', { name: 'Business hours only' })
    expect(await hours.isChecked()).toBe(false)

    const reloads = timeFigureAnswers(page)
    await hours.click()
    // The summary, the agents' figures and the two time series, each asked with business_hours=true.
    const answers = await reloads
    expect(answers.map((answer) => answer.status())).toEqual([200, 200, 200, 200])
    await loaded.waitFor()
    expect(await hours.isChecked()).toBe(true)
    expect(await figure(page, 'Average first response').textContent()).not.toBe('…')
    await page.getByRole('img', { name: /^First response time per day/ }).waitFor()
    expect(new URL(page.url()).searchParams.get('business_hours')).toBe('true')
    // The hint says what the switch counts.
    const hint = await hours.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${hint}"]`).textContent()).toMatch(/^Times then count only/)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    // A reload keeps the choice, and asks in business hours again.
    const again = timeFigureAnswers(page)
    await page.reload()
    await again
    await loaded.waitFor()
    expect(await hours.isChecked()).toBe(true)
    expect(owner.errors).toEqual([])
    await owner.context.close()
  })

  it('tells an agent that reports are for administrators', async () => {
    const agent = await signedInTab(browser())
    await agent.page.goto(url(reportsPath()))
    await agent.page
      .getByRole('heading', { level: 1, name: 'Reports are for administrators' })
      .waitFor()
    expect(await agent.page.getByRole('img').count()).toBe(0)
    expect(await violationsAtBothWidths(agent.page)).toEqual(NO_VIOLATIONS)
    await agent.context.close()
  })
})
