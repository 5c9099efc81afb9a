import { env } from 'cloudflare:test'
import { sealAuthToken } from '../../../worker/phone/credentials'
import { handlePhoneQueue } from '../../../worker/queues/phone'
import {
  addInboxMember,
  conversationsPath,
  insertContact,
  messagesPath,
} from '../conversation-helpers'
import { accountDb, api, createWorld, uniq, type World } from '../helpers'

/** The Twilio stand-in the worker tests run (scripts/twilio-stand-in.mjs, TWILIO_API_BASE). */
const standIn = () => (env as unknown as { TWILIO_API_BASE: string }).TWILIO_API_BASE

export type StandInAnswer = { status?: number; retryAfter?: string; body?: unknown }
export type StandInSend = {
  params: Record<string, string>
  media: string[]
  authorization: string
  status: number
}

/** Scripts the stand-in's next answers to this Twilio account's sends (and clears its log). */
export async function scriptTwilio(accountSid: string, answers: StandInAnswer[]) {
  await fetch(`${standIn()}/__script/${accountSid}`, {
    method: 'PUT',
    body: JSON.stringify(answers),
  })
}

/** What this Twilio account's sends carried, oldest first. */
export async function twilioSends(accountSid: string): Promise<StandInSend[]> {
  return (await (await fetch(`${standIn()}/__received/${accountSid}`)).json()) as StandInSend[]
}

export type PhoneScene = {
  world: World
  inboxId: number
  contactId: number
  displayId: number
  conversationId: number
  accountSid: string
  authToken: string
}

/**
 * A phone inbox with its Twilio channel (written directly: the inbox API is another part's), a
 * contact with a number and a conversation. `medium` whatsapp sends from `whatsapp:` addresses.
 */
export async function phoneScene(medium: 'sms' | 'whatsapp' = 'sms'): Promise<PhoneScene> {
  const world = await createWorld()
  const db = await accountDb(world.accountId)
  const accountSid = `AC${crypto.randomUUID().replaceAll('-', '')}`
  const authToken = crypto.randomUUID().replaceAll('-', '')
  const inbox = await db
    .prepare(
      "insert into inboxes (account_id, name, channel_type, phone_number) values (?, ?, 'phone', '+15550001111') returning id",
    )
    .bind(world.accountId, uniq('Phone '))
    .first<{ id: number }>()
  if (!inbox) throw new Error('no inbox')
  await db
    .prepare(
      `insert into twilio_channels (inbox_id, account_id, twilio_account_sid, auth_token_encrypted,
        phone_number, medium) values (?, ?, ?, ?, '+15550001111', ?)`,
    )
    .bind(inbox.id, world.accountId, accountSid, await sealAuthToken(env, authToken), medium)
    .run()
  // The directory's route Twilio's webhooks find the inbox's account by (worker/phone/routing.ts).
  await env.DIRECTORY.prepare('insert into inbox_routes (identifier, account_id) values (?, ?)')
    .bind(`twilio:${accountSid}:+15550001111`, world.accountId)
    .run()
  await addInboxMember(world, inbox.id, world.agent.id)
  const contactId = await insertContact(world.accountId, {
    name: 'Sam Texter',
    phone: '+15557654321',
  })
  const res = await api(conversationsPath(world), {
    token: world.admin.token,
    body: { inbox_id: inbox.id, contact_id: contactId },
  })
  if (res.status !== 200) throw new Error(`conversation: ${res.status} ${res.text}`)
  const row = await db
    .prepare('select id from conversations where account_id = ? and display_id = ?')
    .bind(world.accountId, res.json.id)
    .first<{ id: number }>()
  if (!row) throw new Error('no conversation row')
  await scriptTwilio(accountSid, [])
  const scene = {
    world,
    inboxId: inbox.id,
    contactId,
    displayId: res.json.id,
    conversationId: row.id,
    accountSid,
    authToken,
  }
  // On WhatsApp the customer wrote just now: the 24-hour window is open.
  if (medium === 'whatsapp') {
    await setContactInbox(scene, { lastInboundAt: Math.floor(Date.now() / 1000) })
  }
  return scene
}

/** An agent's message posted through the API. */
export const postPhoneMessage = (scene: PhoneScene, body: Record<string, unknown>) =>
  api(messagesPath(scene.world, scene.displayId), { token: scene.world.admin.token, body })

/** A queue batch of one phone message handed to the consumer; returns how it was settled. */
export async function deliverPhoneMessage(scene: PhoneScene, messageId: number, attempts = 1) {
  const settled: { kind: string; delaySeconds?: number }[] = []
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts,
    body: { type: 'phone', accountId: scene.world.accountId, messageId },
    ack: () => settled.push({ kind: 'ack' }),
    retry: (options?: { delaySeconds?: number }) =>
      settled.push({ kind: 'retry', delaySeconds: options?.delaySeconds }),
  }
  await handlePhoneQueue(
    {
      queue: 'parley-phone',
      messages: [message],
      ackAll: () => {},
      retryAll: () => {},
    } as unknown as MessageBatch<unknown>,
    env,
  )
  return settled
}

export async function phoneMessageRow(scene: PhoneScene, id: number) {
  return (await accountDb(scene.world.accountId))
    .prepare('select status, source_id, content_attributes from messages where id = ?')
    .bind(id)
    .first<{ status: string; source_id: string | null; content_attributes: string }>()
}

/** A message row written directly, waiting to be sent (no event, so no queue message). */
export async function insertWaitingText(
  scene: PhoneScene,
  fields: { content?: string; private?: boolean; messageType?: number } = {},
) {
  const row = await (await accountDb(scene.world.accountId))
    .prepare(
      `insert into messages (account_id, inbox_id, conversation_id, message_type, content, private,
        sender_type, sender_id) values (?, ?, ?, ?, ?, ?, 'User', ?) returning id`,
    )
    .bind(
      scene.world.accountId,
      scene.inboxId,
      scene.conversationId,
      fields.messageType ?? 1,
      fields.content ?? 'Your order ships today',
      fields.private ? 1 : 0,
      scene.world.admin.id,
    )
    .first<{ id: number }>()
  if (!row) throw new Error('insertWaitingText returned nothing')
  return row.id
}

/** The contact inbox of the scene's conversation, set as the test needs. */
export async function setContactInbox(
  scene: PhoneScene,
  fields: { optedOutAt?: number | null; lastInboundAt?: number | null },
) {
  const db = await accountDb(scene.world.accountId)
  const row = await db
    .prepare('select contact_inbox_id as id from conversations where id = ?')
    .bind(scene.conversationId)
    .first<{ id: number | null }>()
  if (!row?.id) throw new Error('the conversation has no contact inbox')
  await db
    .prepare('update contact_inboxes set opted_out_at = ?, last_inbound_at = ? where id = ?')
    .bind(fields.optedOutAt ?? null, fields.lastInboundAt ?? null, row.id)
    .run()
}
