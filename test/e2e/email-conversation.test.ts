import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, eventually, eventuallyApi, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

const PIXEL = 'https://tracker.example.com/pixel.gif'
const HTML = `<p>Hello <b>sandboxed</b> team</p><script>window.pwned = 'script'</script><img src="x" onerror="window.pwned = 'onerror'"><img alt="" src="${PIXEL}">`

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/**
 * A raw mail as a customer's mail client sends it: a text part, and an HTML part with an inline
 * image (cid:) related to it.
 */
function rawMail(from: string, to: string, subject: string) {
  const [outer, related] = [`a-${Date.now()}`, `r-${Date.now()}`]
  return [
    `From: Alex <${from}>`,
    `To: <${to}>`,
    `Subject: ${subject}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@example.com>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${outer}"`,
    '',
    `--${outer}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Where is my order?',
    `--${outer}`,
    `Content-Type: multipart/related; boundary="${related}"`,
    '',
    `--${related}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    `${HTML}<img alt="inline logo" src="cid:logo@shop.example.com">`,
    `--${related}`,
    'Content-Type: image/png; name="logo.png"',
    'Content-Transfer-Encoding: base64',
    'Content-ID: <logo@shop.example.com>',
    'Content-Disposition: inline; filename="logo.png"',
    '',
    PNG,
    `--${related}--`,
    `--${outer}--`,
    '',
  ].join('\r\n')
}

/**
 * An email inbox and a customer's mail to it, delivered to the worker's email() handler the way
 * Email Routing does (wrangler dev's local endpoint); the conversation it starts.
 */
async function emailConversation(subject: string): Promise<number> {
  const admin = env().adminToken
  const inbox = await agentApi(
    '/inboxes',
    { name: uniq('Mail'), channel: { type: 'email', email: 'support@shop.example.com' } },
    admin,
  )
  const to = inbox.forward_to_email as string
  expect(to).toMatch(/@mail\.parley\.test$/)
  const from = 'alex@example.com'
  const delivered = await fetch(
    url(`/cdn-cgi/handler/email?${new URLSearchParams({ from, to })}`),
    { method: 'POST', body: rawMail(from, to, subject) },
  )
  expect(delivered.status).toBe(200)
  let id: number | undefined
  await eventuallyApi(async () => {
    const list = await agentApi(`/conversations?inbox_id=${inbox.id}`, undefined, admin)
    id = list.data.payload[0]?.id
    return id
  }).toBeTypeOf('number')
  return id as number
}

describe('an email conversation in the dashboard', () => {
  it('renders the mail’s HTML sandboxed: its script does nothing and its remote image waits for the agent', async () => {
    const displayId = await emailConversation('Order 1234')
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
    // The mail's own inline image shows at once: it is a file this origin stored, not remote.
    await eventually(() =>
      frame.locator('img[alt="inline logo"]').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(1)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await item.getByRole('button', { name: 'Load remote images' }).click()
    await eventually(() => requested).toContain(PIXEL)
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined()
  })
})
