import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sweepOutgoingTexts } from '../../../worker/phone/outbound-sweep'
import { messagesPath } from '../conversation-helpers'
import { accountDb, api } from '../helpers'
import {
  deliverPhoneMessage,
  insertWaitingText,
  phoneMessageRow,
  phoneScene,
  postPhoneMessage,
  scriptTwilio,
  setContactInbox,
  twilioSends,
} from './outbound-helpers'

const ages = { stranded: 0, interrupted: 0 }

describe('a reply on a phone inbox, sent through the phone queue', () => {
  it("is sent once with Twilio's Messages API and records the MessageSid as source_id", async () => {
    const scene = await phoneScene()
    const id = await insertWaitingText(scene, { content: 'Your order ships today' })
    expect(await deliverPhoneMessage(scene, id)).toEqual([{ kind: 'ack' }])
    const sends = await twilioSends(scene.accountSid)
    expect(sends).toHaveLength(1)
    expect(sends[0]?.params).toMatchObject({
      To: '+15557654321',
      From: '+15550001111',
      Body: 'Your order ships today',
    })
    expect(sends[0]?.authorization).toBe(`Basic ${btoa(`${scene.accountSid}:${scene.authToken}`)}`)
    const row = await phoneMessageRow(scene, id)
    expect(row?.status).toBe('sent')
    expect(row?.source_id).toMatch(/^SM[0-9a-f]{32}$/)
    // A second copy of the queue message finds it sent and sends nothing.
    expect(await deliverPhoneMessage(scene, id)).toEqual([{ kind: 'ack' }])
    expect(await twilioSends(scene.accountSid)).toHaveLength(1)
  })

  it('sends a WhatsApp reply between whatsapp: addresses', async () => {
    const scene = await phoneScene('whatsapp')
    const id = await insertWaitingText(scene)
    await deliverPhoneMessage(scene, id)
    const [send] = await twilioSends(scene.accountSid)
    expect(send?.params).toMatchObject({
      To: 'whatsapp:+15557654321',
      From: 'whatsapp:+15550001111',
    })
  })

  it('fails at the send, unsent, a text to a contact who opted out after it was written', async () => {
    const scene = await phoneScene()
    const id = await insertWaitingText(scene)
    await setContactInbox(scene, { optedOutAt: Math.floor(Date.now() / 1000) })
    expect(await deliverPhoneMessage(scene, id)).toEqual([{ kind: 'ack' }])
    expect(await twilioSends(scene.accountSid)).toEqual([])
    const row = await phoneMessageRow(scene, id)
    expect(row?.status).toBe('failed')
    expect(JSON.parse(row?.content_attributes ?? '{}').external_error).toMatch(/opted out/)
  })

  it("retries after a 429 with Twilio's Retry-After, then sends it once", async () => {
    const scene = await phoneScene()
    await scriptTwilio(scene.accountSid, [
      { status: 429, retryAfter: '7', body: { code: 20429, message: 'Too Many Requests' } },
    ])
    const id = await insertWaitingText(scene)
    expect(await deliverPhoneMessage(scene, id, 1)).toEqual([{ kind: 'retry', delaySeconds: 7 }])
    expect(await phoneMessageRow(scene, id)).toMatchObject({ status: 'sent', source_id: null })
    expect(await deliverPhoneMessage(scene, id, 2)).toEqual([{ kind: 'ack' }])
    const sends = await twilioSends(scene.accountSid)
    expect(sends.map((s) => s.status)).toEqual([429, 201])
    expect((await phoneMessageRow(scene, id))?.source_id).toMatch(/^SM/)
  })

  it('retries a 5xx with backoff, and marks it failed with the reason on the last attempt', async () => {
    const scene = await phoneScene()
    await scriptTwilio(scene.accountSid, [
      { status: 503, body: { code: 20503, message: 'Service Unavailable' } },
      { status: 500, body: { code: 20500, message: 'Internal Server Error' } },
    ])
    const id = await insertWaitingText(scene)
    expect(await deliverPhoneMessage(scene, id, 1)).toEqual([{ kind: 'retry', delaySeconds: 10 }])
    expect(await deliverPhoneMessage(scene, id, 6)).toEqual([{ kind: 'ack' }])
    const row = await phoneMessageRow(scene, id)
    expect(row?.status).toBe('failed')
    expect(JSON.parse(row?.content_attributes ?? '{}').external_error).toBe(
      'Twilio error 20500: Internal Server Error (HTTP 500)',
    )
  })

  it("fails at once on another 4xx, with Twilio's code and message, and never retries", async () => {
    const scene = await phoneScene()
    await scriptTwilio(scene.accountSid, [
      {
        status: 400,
        body: { code: 21211, message: "The 'To' number is not a valid phone number." },
      },
    ])
    const id = await insertWaitingText(scene)
    expect(await deliverPhoneMessage(scene, id, 1)).toEqual([{ kind: 'ack' }])
    const row = await phoneMessageRow(scene, id)
    expect(row?.status).toBe('failed')
    expect(JSON.parse(row?.content_attributes ?? '{}').external_error).toBe(
      "Twilio error 21211: The 'To' number is not a valid phone number. (HTTP 400)",
    )
    expect(await deliverPhoneMessage(scene, id, 2)).toEqual([{ kind: 'ack' }])
    expect(await twilioSends(scene.accountSid)).toHaveLength(1)
  })

  it('never sends a private note', async () => {
    const scene = await phoneScene()
    const id = await insertWaitingText(scene, { private: true, content: 'VIP, be nice' })
    expect(await deliverPhoneMessage(scene, id)).toEqual([{ kind: 'ack' }])
    expect(await twilioSends(scene.accountSid)).toEqual([])
    expect(await phoneMessageRow(scene, id)).toMatchObject({ status: 'sent', source_id: null })
  })

  it('after a crash between the claim and the record, is marked failed by the sweep and never sent again', async () => {
    const scene = await phoneScene()
    const id = await insertWaitingText(scene)
    const db = await accountDb(scene.world.accountId)
    // The state a consumer that died after claiming leaves behind.
    await db
      .prepare(
        "update messages set status = 'progress', source_id = 'sending:dead-claim', updated_at = unixepoch() - 3600 where id = ?",
      )
      .bind(id)
      .run()
    expect(await deliverPhoneMessage(scene, id)).toEqual([{ kind: 'ack' }])
    await sweepOutgoingTexts(env, Math.floor(Date.now() / 1000), ages)
    const row = await phoneMessageRow(scene, id)
    expect(row?.status).toBe('failed')
    expect(JSON.parse(row?.content_attributes ?? '{}').external_error).toMatch(/interrupted/)
    expect(await deliverPhoneMessage(scene, id)).toEqual([{ kind: 'ack' }])
    expect(await twilioSends(scene.accountSid)).toEqual([])
  })
})

describe('a reply posted to a phone conversation', () => {
  it('goes out through publish and the phone queue and ends sent with its MessageSid', async () => {
    const scene = await phoneScene()
    const res = await postPhoneMessage(scene, { content: 'Hi Sam, how can we help?' })
    expect(res.status).toBe(200)
    const until = Date.now() + 15_000
    let row = await phoneMessageRow(scene, res.json.id)
    while (!row?.source_id?.startsWith('SM') && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100))
      row = await phoneMessageRow(scene, res.json.id)
    }
    expect(row?.source_id).toMatch(/^SM/)
    const sends = await twilioSends(scene.accountSid)
    expect(sends.map((s) => s.params.Body)).toEqual(['Hi Sam, how can we help?'])
  })
})

describe('POST …/messages/{message_id}/retry on a phone conversation', () => {
  it('sends a failed text again through the phone queue, once', async () => {
    const scene = await phoneScene()
    await scriptTwilio(scene.accountSid, [
      { status: 400, body: { code: 30007, message: 'Message filtered' } },
    ])
    const id = await insertWaitingText(scene, { content: 'Your code is 1234' })
    await deliverPhoneMessage(scene, id)
    expect((await phoneMessageRow(scene, id))?.status).toBe('failed')
    const res = await api(`${messagesPath(scene.world, scene.displayId)}/${id}/retry`, {
      method: 'POST',
      token: scene.world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.json.content_attributes?.external_error).toBeUndefined()
    const until = Date.now() + 15_000
    let row = await phoneMessageRow(scene, id)
    while (!row?.source_id?.startsWith('SM') && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100))
      row = await phoneMessageRow(scene, id)
    }
    expect(row?.status).toBe('sent')
    expect((await twilioSends(scene.accountSid)).map((s) => s.status)).toEqual([400, 201])
  })
})
