import { describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import {
  DESKTOP,
  NO_VIOLATIONS,
  PHONE,
  seriousViolations,
  sharedBrowser,
} from './dashboard-helpers.ts'
import { agentApi, env, eventuallyApi, expectCount, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

/**
 * Closed today and tomorrow (UTC), open 9:00–17:00 the day after: the team is closed now, and
 * the widget has a day to promise. A website inbox of its own, so the demo inbox stays as the
 * other tests expect it.
 */
function closedUntilTheDayAfterTomorrow() {
  const today = new Date().getUTCDay()
  return [0, 1, 2, 3, 4, 5, 6].map((day) =>
    day === (today + 2) % 7
      ? {
          day_of_week: day,
          closed_all_day: false,
          open_all_day: false,
          open_hour: 9,
          open_minutes: 0,
          close_hour: 17,
          close_minutes: 0,
        }
      : { day_of_week: day, closed_all_day: true, open_all_day: false },
  )
}

describe('inbox automations in the widget', () => {
  it('greets the visitor, says the team is away and when it is back, and asks for a rating once resolved', async () => {
    const admin = env().adminToken
    const name = uniq('Night Shop')
    const greeting = uniq('Welcome to the night shop!')
    const away = uniq('We are away right now.')
    const inbox = await agentApi(
      '/inboxes',
      {
        name,
        channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
        greeting_enabled: true,
        greeting_message: greeting,
        working_hours_enabled: true,
        working_hours: closedUntilTheDayAfterTomorrow(),
        timezone: 'UTC',
        out_of_office_message: away,
        csat_survey_enabled: true,
      },
      admin,
    )
    const identifier = inbox.inbox_identifier as string
    const tab = await freshTab(browser())
    const { page } = tab
    await page.setViewportSize(DESKTOP)
    // The demo shop page, embedding this inbox's widget as a shop's page would (a page the test
    // made up itself would not be served from the network, and Chromium's local network access
    // checks would keep its widget off the local worker's socket).
    await page.goto(url(`/?inbox=${identifier}`))
    const launcher = page.locator('parley-widget button[aria-haspopup="dialog"]')
    await launcher.click()
    const dialog = page.getByRole('dialog', { name: `Chat with ${name}` })
    await dialog.waitFor()
    // The header promises when the team is back instead of how fast it replies.
    await dialog.getByText(/^We're back (today|tomorrow|\w+day) at 9:00$/).waitFor()

    const log = dialog.getByRole('log', { name: 'Messages' })
    const question = uniq('Is the night lamp in stock?')
    await dialog.getByRole('textbox', { name: 'Type your message' }).fill(question)
    await dialog.getByRole('button', { name: 'Send message' }).click()
    await expectCount(log.locator('.message.mine', { hasText: question }), 1)
    await expectCount(log.locator('.message.theirs', { hasText: greeting }), 1)
    await expectCount(log.locator('.message.theirs', { hasText: away }), 1)

    const widths = { desktop: await seriousViolations(page), phone: [] as unknown[] }
    await page.setViewportSize(PHONE)
    widths.phone = await seriousViolations(page)
    expect(widths).toEqual(NO_VIOLATIONS)

    const list = await agentApi(`/conversations?inbox_id=${inbox.id}&status=all`, undefined, admin)
    const conversation = list.data.payload[0] as { id: number }
    await agentApi(`/conversations/${conversation.id}/toggle_status`, { status: 'resolved' }, admin)

    await dialog.getByRole('button', { name: 'Satisfied', exact: true }).click()
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await dialog.getByText('Thank you for your feedback.').waitFor()
    await eventuallyApi(async () =>
      (await agentApi(`/csat_survey_responses?inbox_id=${inbox.id}`, undefined, admin)).map(
        (r: { rating: number; conversation_id: number }) => [r.rating, r.conversation_id],
      ),
    ).toEqual([[4, conversation.id]])
    expect(tab.errors).toEqual([])
    await tab.context.close()
  })
})
