import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { twilioSignature } from '../../../worker/lib/twilio-signature'
import { accountDb } from '../helpers'
import {
  deliverPhoneMessage,
  insertWaitingText,
  type PhoneScene,
  phoneMessageRow,
  phoneScene,
} from './outbound-helpers'

const PATH = '/twilio/delivery_status'
/** The URL Twilio signs: the public one, when the deployment names it, as Twilio calls it. */
const STATUS_URL = `${env.PUBLIC_BASE_URL || 'http://parley.test'}${PATH}`

/** Posts Twilio's status callback, signed with `authToken` (the scene's unless given). */
async function postStatus(
  scene: PhoneScene,
  fields: Record<string, string>,
  options: { authToken?: string; signature?: string | null } = {},
) {
  const params: Record<string, string> = {
    AccountSid: scene.accountSid,
    From: '+15550001111',
    To: '+15557654321',
    ...fields,
  }
  const pairs = Object.entries(params)
  const signature =
    options.signature === undefined
      ? await twilioSignature(options.authToken ?? scene.authToken, STATUS_URL, pairs)
      : options.signature
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (signature !== null) headers['x-twilio-signature'] = signature
  const res = await SELF.fetch(`http://parley.test${PATH}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(params).toString(),
  })
  return { status: res.status, text: await res.text() }
}

/** A text sent through the stand-in: its message id and MessageSid. */
async function sentText(scene: PhoneScene) {
  const id = await insertWaitingText(scene)
  await deliverPhoneMessage(scene, id)
  const sid = (await phoneMessageRow(scene, id))?.source_id
  if (!sid?.startsWith('SM')) throw new Error(`not sent: ${sid}`)
  return { id, sid }
}

async function updatedEvents(scene: PhoneScene, messageId: number) {
  const { results } = await (await accountDb(scene.world.accountId))
    .prepare("select id from events where message_id = ? and kind = 'message_updated'")
    .bind(messageId)
    .all<{ id: number }>()
  return results.length
}

describe('POST /twilio/delivery_status', () => {
  it('moves a sent text to delivered, then read, each with message_updated', async () => {
    const scene = await phoneScene()
    const { id, sid } = await sentText(scene)
    expect((await postStatus(scene, { MessageSid: sid, MessageStatus: 'sent' })).status).toBe(204)
    expect((await phoneMessageRow(scene, id))?.status).toBe('sent')
    expect(await updatedEvents(scene, id)).toBe(0)
    expect((await postStatus(scene, { MessageSid: sid, MessageStatus: 'delivered' })).status).toBe(
      204,
    )
    expect((await phoneMessageRow(scene, id))?.status).toBe('delivered')
    expect(await updatedEvents(scene, id)).toBe(1)
    await postStatus(scene, { MessageSid: sid, MessageStatus: 'read' })
    expect((await phoneMessageRow(scene, id))?.status).toBe('read')
    expect(await updatedEvents(scene, id)).toBe(2)
  })

  it('never moves a text backwards: a late sent or delivered after read changes nothing', async () => {
    const scene = await phoneScene()
    const { id, sid } = await sentText(scene)
    await postStatus(scene, { MessageSid: sid, MessageStatus: 'read' })
    for (const late of ['delivered', 'sent', 'queued', 'failed']) {
      expect((await postStatus(scene, { MessageSid: sid, MessageStatus: late })).status).toBe(204)
    }
    expect((await phoneMessageRow(scene, id))?.status).toBe('read')
    expect(await updatedEvents(scene, id)).toBe(1)
  })

  it("fails an undelivered text with Twilio's error code and its meaning in external_error", async () => {
    const scene = await phoneScene()
    const { id, sid } = await sentText(scene)
    await postStatus(scene, { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' })
    const row = await phoneMessageRow(scene, id)
    expect(row?.status).toBe('failed')
    expect(JSON.parse(row?.content_attributes ?? '{}').external_error).toBe(
      '30003 - the handset is unreachable',
    )
    expect(await updatedEvents(scene, id)).toBe(1)
    // A delivered after the failure does not revive it.
    await postStatus(scene, { MessageSid: sid, MessageStatus: 'delivered' })
    expect((await phoneMessageRow(scene, id))?.status).toBe('failed')
  })

  it('refuses a bad or missing signature with 403 and writes nothing', async () => {
    const scene = await phoneScene()
    const { id, sid } = await sentText(scene)
    const fields = { MessageSid: sid, MessageStatus: 'delivered' }
    const forged = await postStatus(scene, fields, { authToken: 'not-the-token' })
    expect(forged.status).toBe(403)
    expect(JSON.parse(forged.text).error).toBe('forbidden')
    expect((await postStatus(scene, fields, { signature: null })).status).toBe(403)
    // Signed for other parameters than those sent.
    const other = await twilioSignature(scene.authToken, STATUS_URL, [['MessageSid', sid]])
    expect((await postStatus(scene, fields, { signature: other })).status).toBe(403)
    expect((await phoneMessageRow(scene, id))?.status).toBe('sent')
    expect(await updatedEvents(scene, id)).toBe(0)
  })

  it("never reaches another inbox's text: a MessageSid is looked up in the signing inbox only", async () => {
    const victim = await phoneScene()
    const { id, sid } = await sentText(victim)
    const attacker = await phoneScene()
    const res = await postStatus(attacker, {
      MessageSid: sid,
      MessageStatus: 'failed',
      ErrorCode: '1',
    })
    expect(res.status).toBe(204)
    expect((await phoneMessageRow(victim, id))?.status).toBe('sent')
  })
})
