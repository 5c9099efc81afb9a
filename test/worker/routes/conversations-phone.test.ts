import { describe, expect, it } from 'vitest'
import { conversationPath } from '../conversation-helpers'
import { accountDb, api } from '../helpers'
import {
  newNumber,
  type PhoneInbox,
  postInbound,
  scalar,
  twilioInbox,
} from '../phone/inbound-helpers'

/** The conversation JSON of the inbox's only conversation, as the dashboard reads it. */
async function shownConversation(inbox: PhoneInbox) {
  const displayId = Number(
    await scalar(
      inbox.world.accountId,
      'select display_id from conversations where inbox_id = ?',
      inbox.inboxId,
    ),
  )
  const res = await api(conversationPath(inbox.world, displayId), {
    token: inbox.world.admin.token,
  })
  expect(res.status).toBe(200)
  return res.json as { can_reply: boolean; meta: { reply_refusal: string | null } }
}

describe('a phone conversation’s JSON', () => {
  it('says the contact opted out after STOP (can_reply false), and may be answered again after START', async () => {
    const inbox = await twilioInbox()
    const from = newNumber()
    await postInbound(inbox, { From: from, Body: 'hello' })
    expect(await shownConversation(inbox)).toMatchObject({
      can_reply: true,
      meta: { reply_refusal: null },
    })
    await postInbound(inbox, { From: from, Body: 'STOP' })
    expect(await shownConversation(inbox)).toMatchObject({
      can_reply: false,
      meta: { reply_refusal: 'opted_out' },
    })
    await postInbound(inbox, { From: from, Body: 'start' })
    expect(await shownConversation(inbox)).toMatchObject({
      can_reply: true,
      meta: { reply_refusal: null },
    })
  })

  it('says WhatsApp’s 24-hour window closed a day after the contact’s last message', async () => {
    const inbox = await twilioInbox('whatsapp')
    const from = newNumber()
    await postInbound(inbox, { From: `whatsapp:${from}`, Body: 'hola' })
    expect(await shownConversation(inbox)).toMatchObject({
      can_reply: true,
      meta: { reply_refusal: null },
    })
    const db = await accountDb(inbox.world.accountId)
    await db
      .prepare(
        'update contact_inboxes set last_inbound_at = last_inbound_at - 86400 where inbox_id = ?',
      )
      .bind(inbox.inboxId)
      .run()
    expect(await shownConversation(inbox)).toMatchObject({
      can_reply: false,
      meta: { reply_refusal: 'outside_whatsapp_window' },
    })
  })
})
