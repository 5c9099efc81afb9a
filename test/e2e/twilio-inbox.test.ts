import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { twilioSignature } from '../../scripts/twilio-stand-in.mjs'
import {
  adminCredentials,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, eventually, eventuallyApi, uniq, url } from './helpers.ts'

const browser = sharedBrowser()
// Screenshots for looking at, never inside the repository: SHOTS_DIR or the temporary folder.
const SHOTS = process.env.SHOTS_DIR ?? tmpdir()

const AUTH_TOKEN = 'e2e-twilio-auth-token'
const randomHex = () => crypto.randomUUID().replaceAll('-', '')

/** Twilio's message webhook for a text from `from` to the inbox's number, signed as Twilio signs. */
async function inboundText(accountSid: string, to: string, from: string, body: string) {
  const callback = url('/twilio/callback')
  const params = {
    MessageSid: `SM${randomHex()}`,
    AccountSid: accountSid,
    From: from,
    To: to,
    Body: body,
    NumMedia: '0',
  }
  const res = await fetch(callback, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(AUTH_TOKEN, callback, params),
    },
    body: new URLSearchParams(params).toString(),
  })
  expect(res.status).toBe(200)
}

describe('a phone (Twilio) inbox in the dashboard', () => {
  it('is created with the URLs to paste into Twilio; a refused text shows its error; a STOP shows why the composer refuses', async () => {
    const { page } = await signedInTab(browser(), adminCredentials())
    await page.goto(url(`/app/accounts/${env().accountId}/settings/inboxes`))
    await page.getByRole('link', { name: 'Add inbox' }).click()
    await page.getByRole('heading', { level: 1, name: 'Add an inbox' }).waitFor()
    await page.getByLabel('SMS or WhatsApp (Twilio)').check()
    const accountSid = `AC${randomHex()}`
    const number = `+1555${String(Date.now()).slice(-7)}`
    const inboxName = uniq('Support SMS ')
    await page.getByLabel('Name').fill(inboxName)
    await page.getByLabel('Twilio Account SID').fill(accountSid)
    await page.getByLabel('Twilio Auth Token').fill(AUTH_TOKEN)
    await page.getByLabel('Phone number').fill(number)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await page.getByRole('button', { name: 'Create inbox' }).click()
    await page.getByRole('heading', { level: 2, name: 'Connect Twilio' }).waitFor()
    const codeOf = (caption: string) =>
      page.locator('figure', { hasText: caption }).locator('code').textContent()
    expect(await codeOf('Incoming message URL')).toBe(`${env().baseUrl}/twilio/callback`)
    expect(await codeOf('Status callback URL')).toBe(`${env().baseUrl}/twilio/delivery_status`)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await page.screenshot({
      path: path.join(SHOTS, 'twilio-inbox-created-1366.png'),
      fullPage: true,
    })
    await page.setViewportSize({ width: 360, height: 740 })
    await page.screenshot({
      path: path.join(SHOTS, 'twilio-inbox-created-360.png'),
      fullPage: true,
    })
    await page.setViewportSize({ width: 1366, height: 900 })

    // A customer texts in; Twilio refuses the reply (a 4xx): the message shows Twilio's error.
    await inboundText(accountSid, number, '+15557654321', 'Is my order on its way?')
    const admin$ = (p: string, body?: unknown) => agentApi(p, body, env().adminToken)
    const inboxes = (await admin$('/inboxes')).payload as { id: number; name: string }[]
    // By name: the list is in the account's order, not the order of creation.
    const inboxId = inboxes.find((inbox) => inbox.name === inboxName)?.id
    expect(inboxId).toBeDefined()
    let displayId = 0
    await eventuallyApi(async () => {
      const list = await admin$(`/conversations?inbox_id=${inboxId}&status=all`)
      displayId = (list.data.payload as { id: number }[])[0]?.id ?? 0
      return displayId
    }).toBeGreaterThan(0)
    await fetch(`${env().twilioBase}/__script/${accountSid}`, {
      method: 'PUT',
      body: JSON.stringify([
        { status: 400, body: { code: 21211, message: "The 'To' number is not valid." } },
      ]),
    })
    await admin$(`/conversations/${displayId}/messages`, { content: 'It ships today!' })
    await page.goto(url(`/app/accounts/${env().accountId}/conversations/${displayId}`))
    const reply = page.locator('.cv-list > li', { hasText: 'It ships today!' })
    // The send fails in the phone queue, beside the page: read again until it has.
    await eventually(
      async () => {
        await page.reload()
        await reply.waitFor()
        return reply.textContent()
      },
      { timeout: 30_000, interval: 1000 },
    ).toContain('21211')
    expect(await reply.textContent()).toContain("The 'To' number is not valid.")
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await page.screenshot({ path: path.join(SHOTS, 'twilio-failed-1366.png') })

    // The customer texts STOP: the composer says why a reply would be refused.
    await inboundText(accountSid, number, '+15557654321', 'STOP')
    await page.reload()
    const notice = page.locator('.cv-reply-refusal')
    await eventually(() => notice.textContent()).toContain('opted out of texts from this number')
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await page.screenshot({ path: path.join(SHOTS, 'twilio-refusal-1366.png') })
    await page.setViewportSize({ width: 360, height: 740 })
    await page.screenshot({ path: path.join(SHOTS, 'twilio-refusal-360.png') })
  })
})
