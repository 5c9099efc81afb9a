import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { WHATSAPP_WINDOW_SECONDS } from '../../../worker/phone/window'
import { createWorld } from '../helpers'
import {
  intakeCounts,
  mediaUrl,
  newNumber,
  postInbound,
  scalar,
  twilioInbox,
} from '../phone/inbound-helpers'

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>'

async function messagesOf(accountId: number, inboxId: number) {
  const { accountDb } = await import('../helpers')
  const db = await accountDb(accountId)
  const { results } = await db
    .prepare(
      `select m.id, m.content, m.source_id, m.message_type, m.sender_type, m.conversation_id,
        (select count(*) from attachments a where a.message_id = m.id) as attachments
       from messages m where m.inbox_id = ? and m.message_type = 0 order by m.id`,
    )
    .bind(inboxId)
    .all<{
      id: number
      content: string
      source_id: string
      sender_type: string
      conversation_id: number
      attachments: number
    }>()
  return results
}

describe('POST /twilio/callback', () => {
  it('takes an SMS in: a contact by phone, its contact inbox, a conversation and the message', async () => {
    const inbox = await twilioInbox()
    const from = newNumber()
    const res = await postInbound(inbox, { From: from, Body: 'Where is my order?' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/xml')
    expect(res.text).toBe(EMPTY_TWIML)
    const accountId = inbox.world.accountId
    const [message] = await messagesOf(accountId, inbox.inboxId)
    expect(message).toMatchObject({
      content: 'Where is my order?',
      source_id: res.params.MessageSid,
      sender_type: 'Contact',
    })
    expect(await scalar(accountId, 'select name from contacts where phone_number = ?', from)).toBe(
      from,
    )
    expect(
      await scalar(
        accountId,
        'select source_id from contact_inboxes where inbox_id = ?',
        inbox.inboxId,
      ),
    ).toBe(from)
    expect(
      await scalar(accountId, 'select status from conversations where inbox_id = ?', inbox.inboxId),
    ).toBe('open')
  })

  it('adds the next text from the same number to the same open conversation', async () => {
    const inbox = await twilioInbox()
    const from = newNumber()
    await postInbound(inbox, { From: from, Body: 'one' })
    await postInbound(inbox, { From: from, Body: 'two' })
    const messages = await messagesOf(inbox.world.accountId, inbox.inboxId)
    expect(messages.map((m) => m.content)).toEqual(['one', 'two'])
    expect(messages[0]?.conversation_id).toBe(messages[1]?.conversation_id)
    expect((await intakeCounts(inbox.world.accountId)).contacts).toBe(1)
  })

  it('is one message when Twilio retries the same MessageSid', async () => {
    const inbox = await twilioInbox()
    const first = await postInbound(inbox, { Body: 'once' })
    const again = await postInbound(inbox, first.params)
    expect(again.status).toBe(200)
    expect(again.text).toBe(EMPTY_TWIML)
    expect(await messagesOf(inbox.world.accountId, inbox.inboxId)).toHaveLength(1)
  })

  it('refuses a missing or wrong signature with 403 and writes nothing', async () => {
    const inbox = await twilioInbox()
    const before = await intakeCounts(inbox.world.accountId)
    const unsigned = await postInbound(inbox, { Body: 'unsigned' }, null)
    expect(unsigned.status).toBe(403)
    expect(JSON.parse(unsigned.text)).toMatchObject({ error: 'forbidden' })
    const forged = await postInbound(inbox, { Body: 'forged' }, 'bm90IGEgc2lnbmF0dXJl')
    expect(forged.status).toBe(403)
    // Signed with another token: what an attacker who knows the number and SID could send.
    const otherToken = await postInbound({ ...inbox, authToken: 'guessed' }, { Body: 'guess' })
    expect(otherToken.status).toBe(403)
    expect(await intakeCounts(inbox.world.accountId)).toEqual(before)
  })

  it('answers 404 for a sender no inbox has, and never routes one account’s SID to another’s number', async () => {
    const mine = await twilioInbox()
    const theirs = await twilioInbox()
    const unknown = await postInbound({ ...mine, number: newNumber() }, { Body: 'hi' })
    expect(unknown.status).toBe(404)
    // My Account SID with their number, signed with either token: no inbox is found.
    for (const authToken of [mine.authToken, theirs.authToken]) {
      const crossed = await postInbound(
        { accountSid: mine.accountSid, authToken, number: theirs.number, medium: 'sms' },
        { Body: 'crossed' },
      )
      expect(crossed.status).toBe(404)
    }
    expect((await intakeCounts(mine.world.accountId)).messages).toBe(0)
    expect((await intakeCounts(theirs.world.accountId)).messages).toBe(0)
  })

  it('copies an MMS’s media into R2 as the message’s attachments', async () => {
    const inbox = await twilioInbox()
    const res = await postInbound(inbox, {
      Body: 'photos',
      NumMedia: '2',
      MediaUrl0: mediaUrl(100, 'image/png'),
      MediaContentType0: 'image/png',
      MediaUrl1: mediaUrl(200, 'image/jpeg'),
      MediaContentType1: 'image/jpeg',
    })
    expect(res.status).toBe(200)
    const [message] = await messagesOf(inbox.world.accountId, inbox.inboxId)
    expect(message?.attachments).toBe(2)
    const db = await (await import('../helpers')).accountDb(inbox.world.accountId)
    const { results } = await db
      .prepare('select object_key, content_type, file_size from attachments where message_id = ?')
      .bind(message?.id)
      .all<{ object_key: string; content_type: string; file_size: number }>()
    expect(results.map((r) => [r.content_type, r.file_size]).sort()).toEqual([
      ['image/jpeg', 200],
      ['image/png', 100],
    ])
    for (const row of results) expect(await env.FILES.head(row.object_key)).not.toBeNull()
  })

  it('refuses a body over 1600 characters or more than 10 media with 413, writing nothing', async () => {
    const inbox = await twilioInbox()
    const before = await intakeCounts(inbox.world.accountId)
    const long = await postInbound(inbox, { Body: 'x'.repeat(1601) })
    expect(long.status).toBe(413)
    expect(JSON.parse(long.text)).toMatchObject({ error: 'payload_too_large' })
    const media: Record<string, string> = { NumMedia: '11' }
    for (let i = 0; i < 11; i++) media[`MediaUrl${i}`] = mediaUrl()
    expect((await postInbound(inbox, media)).status).toBe(413)
    const big = await postInbound(inbox, {
      NumMedia: '2',
      MediaUrl0: mediaUrl(),
      MediaUrl1: mediaUrl(11 * 1024 * 1024),
    })
    expect(big.status).toBe(413)
    expect(await intakeCounts(inbox.world.accountId)).toEqual(before)
    expect((await postInbound(inbox, { Body: 'x'.repeat(1600) })).status).toBe(200)
  })

  it('takes WhatsApp in: the contact by number and profile name, the contact inbox by its whatsapp: address, the window stamped', async () => {
    const inbox = await twilioInbox('whatsapp')
    const from = newNumber()
    const before = Math.floor(Date.now() / 1000)
    const res = await postInbound(inbox, {
      From: `whatsapp:${from}`,
      ProfileName: 'Zoë',
      Body: 'Hola',
    })
    expect(res.status).toBe(200)
    const accountId = inbox.world.accountId
    expect(await scalar(accountId, 'select name from contacts where phone_number = ?', from)).toBe(
      'Zoë',
    )
    const stamped = Number(
      await scalar(
        accountId,
        'select last_inbound_at from contact_inboxes where inbox_id = ? and source_id = ?',
        inbox.inboxId,
        `whatsapp:${from}`,
      ),
    )
    expect(stamped).toBeGreaterThanOrEqual(before)
    expect(stamped).toBeLessThan(before + WHATSAPP_WINDOW_SECONDS)
  })

  it('opts the contact out on STOP (keeping the message) and back in on START', async () => {
    const inbox = await twilioInbox()
    const from = newNumber()
    const optedOut = () =>
      scalar(
        inbox.world.accountId,
        'select opted_out_at from contact_inboxes where inbox_id = ? and source_id = ?',
        inbox.inboxId,
        from,
      )
    await postInbound(inbox, { From: from, Body: 'hello' })
    expect(await optedOut()).toBeNull()
    await postInbound(inbox, { From: from, Body: ' Stop ' })
    expect(await optedOut()).toEqual(expect.any(Number))
    await postInbound(inbox, { From: from, Body: 'stop sending me offers' })
    expect(await optedOut()).toEqual(expect.any(Number))
    await postInbound(inbox, { From: from, Body: 'START' })
    expect(await optedOut()).toBeNull()
    const contents = (await messagesOf(inbox.world.accountId, inbox.inboxId)).map((m) => m.content)
    expect(contents).toEqual(['hello', ' Stop ', 'stop sending me offers', 'START'])
  })

  it('starts a new conversation after the last one was resolved', async () => {
    const inbox = await twilioInbox()
    const from = newNumber()
    await postInbound(inbox, { From: from, Body: 'first' })
    const db = await (await import('../helpers')).accountDb(inbox.world.accountId)
    await db
      .prepare("update conversations set status = 'resolved' where inbox_id = ?")
      .bind(inbox.inboxId)
      .run()
    await postInbound(inbox, { From: from, Body: 'second' })
    const messages = await messagesOf(inbox.world.accountId, inbox.inboxId)
    expect(messages[0]?.conversation_id).not.toBe(messages[1]?.conversation_id)
  })

  it('keeps each account’s contacts apart: the same customer texting two accounts is two contacts', async () => {
    const a = await twilioInbox()
    const b = await twilioInbox(undefined, await createWorld())
    const from = newNumber()
    await postInbound(a, { From: from })
    await postInbound(b, { From: from })
    for (const inbox of [a, b]) expect((await intakeCounts(inbox.world.accountId)).contacts).toBe(1)
  })
})
