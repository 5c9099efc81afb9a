import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, expectCount, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

describe('an inbox’s automatic messages in its settings page', () => {
  it('keeps the greeting, CSAT and business hours an owner saved, and shows them in the preview', async () => {
    const name = uniq('Bakery')
    const created = await agentApi(
      '/inboxes',
      { name, channel: { type: 'web_widget', website_url: 'https://bakery.example.com' } },
      env().adminToken,
    )
    const { page } = await signedInTab(browser(), adminCredentials())
    await page.goto(url(`/app/accounts/${env().accountId}/settings/inboxes/${created.id}`))
    await page.getByRole('heading', { level: 1, name: `Inbox: ${name}` }).waitFor()
    const preview = page.getByTestId('widget-preview')

    // CSAT is saved as soon as it is switched on.
    const csat = page.getByLabel('Ask for a rating (CSAT) when a conversation is resolved')
    await csat.check()
    await page.getByText('Setting saved.').waitFor()

    // The greeting and business hours are saved with the widget form.
    const greeting = uniq('Welcome to the bakery!')
    await page.getByLabel('Send a greeting when a conversation starts').check()
    await page.getByLabel('Greeting message').fill(greeting)
    await expectCount(preview.getByText(greeting), 1)
    await page.getByLabel('Use business hours').check()
    await page.getByLabel('Time zone').selectOption('Europe/Madrid')
    const away = uniq('We are baking, back soon')
    await page.getByLabel('Out-of-office message').fill(away)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Saved.', { exact: true }).waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await page.reload()
    await page.getByRole('heading', { level: 1, name: `Inbox: ${name}` }).waitFor()
    expect(await csat.isChecked()).toBe(true)
    expect(await page.getByLabel('Send a greeting when a conversation starts').isChecked()).toBe(
      true,
    )
    expect(await page.getByLabel('Greeting message').inputValue()).toBe(greeting)
    expect(await page.getByLabel('Use business hours').isChecked()).toBe(true)
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Europe/Madrid')
    expect(await page.getByLabel('Out-of-office message').inputValue()).toBe(away)
    await expectCount(preview.getByText(greeting), 1)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    // The API answers what the page showed.
    const inbox = await agentApi(`/inboxes/${created.id}`, undefined, env().adminToken)
    expect(inbox).toMatchObject({
      csat_survey_enabled: true,
      greeting_enabled: true,
      greeting_message: greeting,
      working_hours_enabled: true,
      timezone: 'Europe/Madrid',
      out_of_office_message: away,
    })
  }, 180_000)
})
