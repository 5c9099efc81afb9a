import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, eventually, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

const PIXEL = 'https://tracker.example.com/pixel.gif'
const HTML = `<p>Hello <b>sandboxed</b> team</p><script>window.pwned = 'script'</script><img src="x" onerror="window.pwned = 'onerror'"><img alt="" src="${PIXEL}">`

/** An email inbox, a contact and a conversation whose incoming message is a mail. */
async function emailConversation(name: string): Promise<number> {
  const admin = env().adminToken
  const inbox = await agentApi(
    '/inboxes',
    { name: uniq('Mail'), channel: { type: 'email', email: 'support@shop.example.com' } },
    admin,
  )
  const contact = await agentApi(
    '/contacts',
    { name, email: 'alex@example.com', inbox_id: inbox.id },
    admin,
  )
  const conversation = await agentApi(
    '/conversations',
    { inbox_id: inbox.id, contact_id: contact.payload.contact.id },
    admin,
  )
  await agentApi(
    `/conversations/${conversation.id}/messages`,
    {
      content: 'Where is my order?',
      message_type: 'incoming',
      content_attributes: {
        email: {
          subject: 'Order 1234',
          from: ['alex@example.com'],
          to: ['support@shop.example.com'],
          cc: [],
          text_content: { full: 'Where is my order?', reply: 'Where is my order?' },
          html_content: { full: HTML, reply: HTML },
        },
      },
    },
    admin,
  )
  return conversation.id as number
}

describe('an email conversation in the dashboard', () => {
  it('renders the mail’s HTML sandboxed: its script does nothing and its remote image waits for the agent', async () => {
    const displayId = await emailConversation(uniq('Alex Mail'))
    const { page, context } = await signedInTab(browser(), adminCredentials())
    const requested: string[] = []
    await context.route('https://tracker.example.com/**', (route) => {
      requested.push(route.request().url())
      return route.fulfill({ status: 204 })
    })

    await page.goto(url(`/app/accounts/${env().accountId}/conversations/${displayId}`))
    const item = page.locator('.cv-list > li', { hasText: 'Order 1234' })
    await item.getByText('Where is my order?').waitFor()
    await item.getByRole('button', { name: 'Show full message' }).click()
    const frame = page.frameLocator('iframe.cv-email-frame')
    await frame.getByText('sandboxed').waitFor()

    expect(await page.locator('iframe.cv-email-frame').getAttribute('sandbox')).toBe('')
    const srcdocFrame = page.frames().find((f) => f.url() === 'about:srcdoc')
    expect(srcdocFrame).toBeDefined()
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined()
    expect(await srcdocFrame?.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined()
    expect(await frame.locator('script').count()).toBe(0)
    expect(requested).toEqual([])
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await item.getByRole('button', { name: 'Load remote images' }).click()
    await eventually(() => requested).toContain(PIXEL)
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined()
  })
})
