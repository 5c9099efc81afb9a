import { describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import { surveyedConversation } from './csat-helpers.ts'
import {
  DESKTOP,
  NO_VIOLATIONS,
  PHONE,
  seriousViolations,
  sharedBrowser,
} from './dashboard-helpers.ts'
import { agentApi, env, url } from './helpers.ts'

const browser = sharedBrowser()

describe('the public CSAT rating page', () => {
  it('takes a rating and a comment with a plain form, thanks the contact, and is axe clean at 1366 and 360 px', async () => {
    const { uuid, inboxName } = await surveyedConversation()
    const tab = await freshTab(browser())
    const { page } = tab
    await page.setViewportSize(DESKTOP)
    await page.goto(url(`/survey/responses/${uuid}`))
    await page
      .getByRole('heading', { level: 1, name: `Rate your conversation with ${inboxName}` })
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize(PHONE)
    expect(await seriousViolations(page)).toEqual([])
    // Nothing spills sideways at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )

    await page.getByRole('radio', { name: /^4/ }).check()
    await page.getByLabel(/Anything you would like to tell us/).fill('Fast and friendly')
    await page.getByRole('button', { name: 'Submit rating' }).click()
    await page.getByRole('heading', { level: 1, name: 'Thank you for your feedback' }).waitFor()
    expect(await page.getByText('4 out of 5').count()).toBe(1)
    expect(await page.getByText('Fast and friendly').count()).toBe(1)
    const widths = { desktop: [] as unknown[], phone: await seriousViolations(page) }
    await page.setViewportSize(DESKTOP)
    widths.desktop = await seriousViolations(page)
    expect(widths).toEqual(NO_VIOLATIONS)

    const answers = await agentApi('/csat_survey_responses', undefined, env().adminToken)
    expect(answers).toContainEqual(
      expect.objectContaining({ rating: 4, feedback_message: 'Fast and friendly' }),
    )
    expect(tab.errors).toEqual([])
    await tab.context.close()
  })

  it('works with JavaScript turned off', async () => {
    const { uuid } = await surveyedConversation()
    const context = await browser().newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(url(`/survey/responses/${uuid}`))
    await page.getByRole('radio', { name: /^5/ }).check()
    await page.getByRole('button', { name: 'Submit rating' }).click()
    await page.getByRole('heading', { level: 1, name: 'Thank you for your feedback' }).waitFor()
    expect(await page.getByText('5 out of 5').count()).toBe(1)
    await context.close()
  })
})
