import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  DESKTOP,
  inboxList,
  inboxRow,
  PHONE,
  seriousViolations,
  sharedBrowser,
  showAll,
  signedInTab,
} from './dashboard-helpers.ts'
import { agentReply, env, newContactConversation, uniq, url } from './helpers.ts'

const browser = sharedBrowser()
const SHOTS = process.env.PHONE_SHOTS_DIR

/** A conversation with a few messages, as the screenshots had. */
async function conversationWithMessages() {
  const name = uniq('Pat Phone')
  const id = await newContactConversation(name, 'Hi, my order has not arrived yet.')
  await agentReply(id, 'Sorry to hear that! Could you tell me the order number?')
  const last = uniq('I can check the tracking for you.')
  await agentReply(id, last)
  return { name, id, last }
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox()
  if (!found) throw new Error(`${selector} is not on screen`)
  return found
}

/** Nothing wider than the viewport: no sideways scrolling of the page itself. */
const pageScrollWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const messages = (page: Page) => page.getByRole('region', { name: 'Messages' })
const reply = (page: Page) => page.getByRole('textbox', { name: 'Reply' })

describe('the conversation at 360 px', () => {
  it('is a screen of its own: a tall message area, the composer pinned below it, actions and contact unfolded from buttons, and back', async () => {
    const { name, last } = await conversationWithMessages()
    const { context, page } = await signedInTab(browser(), adminCredentials(), PHONE)
    await showAll(page)
    await inboxRow(page, name).click()
    await messages(page).getByText(last).waitFor()
    await reply(page).waitFor()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-360-conversation-after.png` })

    const area = await box(page, '.cv-messages')
    const composer = await box(page, '.cv-composer')
    expect(area.height).toBeGreaterThan(PHONE.height / 3)
    // The composer ends on screen, below the messages, not over them.
    expect(composer.y).toBeGreaterThanOrEqual(area.y + area.height - 1)
    expect(composer.y + composer.height).toBeLessThanOrEqual(PHONE.height + 1)
    expect(await page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true)
    expect(await inboxList(page).isVisible()).toBe(false)
    expect(await page.getByRole('complementary', { name: 'Contact' }).isVisible()).toBe(false)
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(0)
    expect(await seriousViolations(page)).toEqual([])

    // The header's actions fold into "Actions".
    const resolve = page.getByRole('button', { name: 'Resolve' })
    expect(await resolve.isVisible()).toBe(false)
    const actions = page.getByRole('button', { name: 'Actions' })
    await actions.click()
    expect(await actions.getAttribute('aria-expanded')).toBe('true')
    expect(await resolve.isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await actions.click()
    expect(await resolve.isVisible()).toBe(false)

    // The contact is the next screen, and comes back to the conversation.
    await page.getByRole('button', { name: 'Contact', exact: true }).click()
    const contact = page.getByRole('complementary', { name: 'Contact' })
    await contact.waitFor()
    expect(await messages(page).isVisible()).toBe(false)
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Back to conversation' }).click()
    await messages(page).getByText(last).waitFor()
    expect(await contact.isVisible()).toBe(false)

    // Back to the list.
    await page.getByRole('link', { name: 'Back to inbox' }).click()
    await page.waitForURL(/\/dashboard$/)
    await inboxRow(page, name).waitFor()
    expect(await reply(page).count()).toBe(0)
    await context.close()
  })

  it('keeps the draft when Escape leaves the reply box, so the next key is a shortcut', async () => {
    const { name, last } = await conversationWithMessages()
    const { context, page } = await signedInTab(browser(), adminCredentials(), PHONE)
    await showAll(page)
    await inboxRow(page, name).click()
    await messages(page).getByText(last).waitFor()
    await reply(page).fill('Half a reply')
    await page.keyboard.press('Escape')
    expect(await reply(page).evaluate((el) => el === document.activeElement)).toBe(false)
    await page.keyboard.press('?')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    expect(await reply(page).inputValue()).toBe('Half a reply')
    await context.close()
  })

  it('unfolds the actions for a shortcut that needs them, and shows a failed action with them folded', async () => {
    const { name, last } = await conversationWithMessages()
    const { context, page } = await signedInTab(browser(), adminCredentials(), PHONE)
    await showAll(page)
    await inboxRow(page, name).click()
    await messages(page).getByText(last).waitFor()
    await reply(page).click()
    await page.keyboard.press('Escape')
    const actions = page.getByRole('button', { name: 'Actions' })
    expect(await actions.getAttribute('aria-expanded')).toBe('false')

    // "a" focuses the assignee, which is inside the folded actions.
    await page.keyboard.press('a')
    const assignee = page.getByRole('combobox', { name: 'Assignee' })
    expect(await assignee.isVisible()).toBe(true)
    expect(await assignee.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await actions.getAttribute('aria-expanded')).toBe('true')

    // Folded again, "e" (resolve) fails: the error is on screen all the same.
    await actions.click()
    await page.route('**/toggle_status', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'unavailable', message: 'Try again in a moment.' }),
      }),
    )
    await page.keyboard.press('e')
    const failed = page.getByRole('alert').filter({ hasText: 'That change failed' })
    await failed.waitFor()
    expect(await failed.isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Resolve' }).isVisible()).toBe(false)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })
})

describe('the inbox and the other pages at 360 px', () => {
  it('shows the list with the inbox filters folded, and the sections behind Menu', async () => {
    const { context, page } = await signedInTab(browser(), adminCredentials(), PHONE)
    await showAll(page)
    await inboxList(page).waitFor()
    const inboxes = page.getByRole('button', { name: 'Inboxes', exact: true })
    expect(await page.locator('.sidebar').isVisible()).toBe(false)
    await inboxes.click()
    expect(await page.locator('.sidebar').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await inboxes.click()

    const sections = page.getByRole('navigation', { name: 'Sections' })
    expect(await sections.isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    expect(await sections.isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await sections.getByRole('link', { name: 'Reports' }).click()
    await page.waitForURL(/\/reports/)
    expect(await sections.isVisible()).toBe(false)
    await context.close()
  })

  for (const [page_, path, heading, loaded] of [
    ['settings', '/settings/inboxes', 'Inboxes', '.table-scroll tbody tr'],
    // The figures arrive after the heading; a "—" with its hidden "No data" once widened the page.
    ['reports', '/reports', 'Reports', '.report-agents-table tbody tr'],
    ['contacts', '/contacts', 'Contacts', null],
    ['funnels', '/funnels', 'Funnels', null],
  ] as const) {
    it(`shows ${page_} with no sideways page scroll and no axe violation`, async () => {
      const { context, page } = await signedInTab(browser(), adminCredentials(), PHONE)
      await page.goto(url(`/app/accounts/${env().accountId}${path}`))
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor()
      await page.getByRole('button', { name: 'Menu', exact: true }).waitFor()
      if (loaded) await page.locator(loaded).first().waitFor()
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(0)
      expect(await seriousViolations(page)).toEqual([])
      await context.close()
    })
  }
})

describe('the conversation at 1366 px', () => {
  it('keeps the list, the conversation and the contact side by side, with no phone buttons', async () => {
    const { name, last } = await conversationWithMessages()
    const { context, page } = await signedInTab(browser(), adminCredentials(), DESKTOP)
    await showAll(page)
    await inboxRow(page, name).click()
    await messages(page).getByText(last).waitFor()
    expect(await inboxList(page).isVisible()).toBe(true)
    expect(await page.getByRole('complementary', { name: 'Contact' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Resolve' }).isVisible()).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(true)
    for (const phoneOnly of ['Menu', 'Actions', 'Inboxes']) {
      expect(await page.getByRole('button', { name: phoneOnly, exact: true }).isVisible()).toBe(
        false,
      )
    }
    expect(await page.locator('.sidebar').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })
})
