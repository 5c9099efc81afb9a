import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminCredentials,
  PHONE,
  seriousViolations,
  sharedBrowser,
  signedInTab,
} from './dashboard-helpers.ts'
import { env, eventually, uniq, url } from './helpers.ts'

type Received = { headers: Record<string, string>; body: string }

/** A webhook receiver on 127.0.0.1 (allow-listed in e2e) that answers 200 and keeps each POST. */
function startReceiver() {
  const received: Received[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body })
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  return new Promise<{ server: Server; received: Received[]; base: string }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, received, base: `http://127.0.0.1:${port}` })
    })
  })
}

const browser = sharedBrowser()
let receiver: Awaited<ReturnType<typeof startReceiver>>
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(async () => {
  await new Promise((resolve) => receiver?.server.close(resolve))
})

const webhooksPath = () => `/app/accounts/${env().accountId}/settings/webhooks`
const secretText = (page: Page) => page.locator('.webhook-secret code').innerText()

describe('Settings › Webhooks as the administrator', () => {
  it('adds a webhook, sends a test event that is delivered signed and logged, and rotates the secret', async () => {
    const tab = await signedInTab(browser(), adminCredentials())
    const { page } = tab
    // The sign-in page asked whether a session exists (401): expected, and not this test's concern.
    tab.errors.length = 0
    await page.goto(url(webhooksPath()))
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor()

    const name = uniq('E2E receiver')
    const hookUrl = `${receiver.base}/hook/${name.split(' ').at(-1)}`
    await page.getByRole('button', { name: 'Add webhook' }).click()
    await page.getByLabel('URL').fill(hookUrl)
    await page.getByLabel('Name').fill(name)
    const events = page.getByRole('group', { name: 'Events to send' })
    await events.getByRole('checkbox', { name: /contact_updated/ }).uncheck()
    expect(await events.getByRole('checkbox').count()).toBe(8)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save' }).click()
    const row = page
      .getByRole('table', { name: 'Webhooks' })
      .getByRole('row', { name: new RegExp(name) })
    await row.waitFor()
    expect(await row.getByText('contact_updated').count()).toBe(0)
    expect(await row.getByText('contact_created').count()).toBe(1)

    await row.getByRole('button', { name: `Send test event to ${name}` }).click()
    await page.waitForURL(/\/settings\/webhooks\?webhook=\d+$/)
    await page
      .getByRole('heading', { level: 2, name: `Deliveries and secret for ${name}` })
      .waitFor()
    await page.getByText('Test event succeeded: HTTP 200.').waitFor()
    const log = page.getByRole('table', { name: `Deliveries of ${name}, newest first` })
    const first = log.getByRole('row').nth(1)
    expect(await first.getByRole('cell').nth(0).innerText()).toBe('webhook_test')
    expect(await first.getByRole('cell').nth(1).innerText()).toBe('Succeeded')
    expect(await first.getByRole('cell').nth(3).innerText()).toBe('200')

    // The receiver got one POST, signed with the secret the page reveals.
    expect(await secretText(page)).not.toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    await page.getByRole('button', { name: 'Reveal secret' }).click()
    const secret = await secretText(page)
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    await eventually(() => receiver.received.length).toBe(1)
    const [got] = receiver.received
    const body = new Webhook(secret).verify(got!.body, got!.headers) as Record<string, unknown>
    expect(body).toMatchObject({ event: 'webhook_test', account: { id: env().accountId } })

    await page.getByRole('button', { name: 'Rotate secret' }).click()
    await page.getByRole('button', { name: 'Rotate', exact: true }).click()
    await page.getByText('New secret made and shown above; update your receiver.').waitFor()
    await eventually(() => secretText(page)).not.toBe(secret)
    expect(await secretText(page)).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)

    // A deep link opens the same details after a reload.
    await page.reload()
    await page
      .getByRole('heading', { level: 2, name: `Deliveries and secret for ${name}` })
      .waitFor()
    await log.getByRole('row').nth(1).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize(PHONE)
    expect(await seriousViolations(page)).toEqual([])
    expect(tab.errors).toEqual([])
  })
})
