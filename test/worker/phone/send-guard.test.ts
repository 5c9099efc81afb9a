import { describe, expect, it } from 'vitest'
import { accountDb } from '../helpers'
import {
  type PhoneScene,
  phoneScene,
  postPhoneMessage,
  setContactInbox,
  twilioSends,
} from './outbound-helpers'

async function messageCount(scene: PhoneScene) {
  const row = await (await accountDb(scene.world.accountId))
    .prepare('select count(*) as n from messages where conversation_id = ? and message_type = 1')
    .bind(scene.conversationId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

const now = () => Math.floor(Date.now() / 1000)

describe('an agent reply to a phone conversation that could not be sent', () => {
  it('is refused with 422 when the contact opted out, and not created', async () => {
    const scene = await phoneScene()
    await setContactInbox(scene, { optedOutAt: now() - 60, lastInboundAt: now() - 60 })
    const res = await postPhoneMessage(scene, { content: 'Are you still there?' })
    expect(res.status).toBe(422)
    expect(res.json.error).toBe('validation_failed')
    expect(res.json.message).toMatch(/opted out.*STOP/)
    expect(await messageCount(scene)).toBe(0)
    // A private note is no text: it is still written.
    const note = await postPhoneMessage(scene, { content: 'They said STOP', private: true })
    expect(note.status).toBe(200)
  })

  it('is refused outside the WhatsApp window unless it is a template', async () => {
    const scene = await phoneScene('whatsapp')
    await setContactInbox(scene, { lastInboundAt: now() - 25 * 3600 })
    const res = await postPhoneMessage(scene, { content: 'Following up on your order' })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe(
      "Outside WhatsApp's 24-hour window: only an approved template can be sent",
    )
    expect(await messageCount(scene)).toBe(0)
    const template = await postPhoneMessage(scene, {
      content: 'Your order 42 has shipped',
      template_params: { name: 'order_shipped', language: 'en', processed_params: { 1: '42' } },
    })
    expect(template.status).toBe(200)
  })

  it('is accepted inside the WhatsApp window', async () => {
    const scene = await phoneScene('whatsapp')
    await setContactInbox(scene, { lastInboundAt: now() - 3600 })
    expect((await postPhoneMessage(scene, { content: 'Happy to help' })).status).toBe(200)
  })

  it('is refused when longer than 1600 characters; a longer-than-one-segment one goes whole', async () => {
    const scene = await phoneScene()
    const long = await postPhoneMessage(scene, { content: 'x'.repeat(1601) })
    expect(long.status).toBe(422)
    expect(long.json.message).toBe('A text can be at most 1600 characters')
    const body = 'Thanks for waiting. '.repeat(20)
    const res = await postPhoneMessage(scene, { content: body })
    expect(res.status).toBe(200)
    const until = Date.now() + 15_000
    let sends = await twilioSends(scene.accountSid)
    while (sends.length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100))
      sends = await twilioSends(scene.accountSid)
    }
    expect(sends.map((s) => s.params.Body)).toEqual([body])
  })
})
