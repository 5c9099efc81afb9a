import { env } from 'cloudflare:test'
import {
  emailServiceMailer,
  type Mailer,
  type MailSendError,
  type OutgoingMail,
  toEmailMessageBuilder,
} from '../../../worker/email/mailer'
import {
  addInboxMember,
  conversationsPath,
  createInbox,
  insertContact,
} from '../conversation-helpers'
import { accountDb, api, createWorld, type World } from '../helpers'

/**
 * The mail service is an external provider: tests send through miniflare's simulated
 * `send_email` binding (which checks the builder and returns an id), behind a Mailer that also
 * records what it was given, since the simulation keeps sent mail where a test cannot read it.
 */
export function recordingMailer(fail?: MailSendError) {
  const sent: { mail: OutgoingMail; builder: EmailMessageBuilder; messageId: string }[] = []
  const real = emailServiceMailer(env.EMAIL)
  const mailer: Mailer = {
    async send(mail) {
      if (fail) throw fail
      const result = await real.send(mail)
      sent.push({ mail, builder: toEmailMessageBuilder(mail), messageId: result.messageId })
      return result
    },
  }
  return { mailer, sent }
}

export type EmailScene = {
  world: World
  inboxId: number
  contactId: number
  displayId: number
  conversationId: number
  uuid: string
}

/** An email inbox (support@example.com) with a conversation of a contact with an email. */
export async function emailScene(): Promise<EmailScene> {
  const world = await createWorld()
  const inbox = await createInbox(world, 'email')
  await addInboxMember(world, inbox.id, world.agent.id)
  const contactId = await insertContact(world.accountId, {
    name: 'Casey Customer',
    email: `casey${Date.now()}${Math.random().toString(36).slice(2, 6)}@customer.example`,
  })
  const res = await api(conversationsPath(world), {
    token: world.admin.token,
    body: { inbox_id: inbox.id, contact_id: contactId },
  })
  if (res.status !== 200) throw new Error(`conversation: ${res.status} ${res.text}`)
  const db = await accountDb(world.accountId)
  const row = await db
    .prepare('select id, uuid from conversations where account_id = ? and display_id = ?')
    .bind(world.accountId, res.json.id)
    .first<{ id: number; uuid: string }>()
  if (!row) throw new Error('no conversation row')
  return {
    world,
    inboxId: inbox.id,
    contactId,
    displayId: res.json.id,
    conversationId: row.id,
    uuid: row.uuid,
  }
}

/** A message row written directly (inbound mail is another part's; no event, no queue). */
export async function insertMessage(
  scene: EmailScene,
  fields: {
    messageType: number
    content?: string
    sourceId?: string | null
    private?: boolean
    contentAttributes?: Record<string, unknown>
    senderType?: 'User' | 'Contact' | 'AgentBot'
    senderId?: number
  },
) {
  const db = await accountDb(scene.world.accountId)
  const row = await db
    .prepare(
      `insert into messages (account_id, inbox_id, conversation_id, message_type, content,
        content_attributes, private, source_id, sender_type, sender_id)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    )
    .bind(
      scene.world.accountId,
      scene.inboxId,
      scene.conversationId,
      fields.messageType,
      fields.content ?? 'Hello',
      JSON.stringify(fields.contentAttributes ?? {}),
      fields.private ? 1 : 0,
      fields.sourceId ?? null,
      fields.senderType ?? (fields.messageType === 0 ? 'Contact' : 'User'),
      fields.senderId ?? (fields.messageType === 0 ? scene.contactId : scene.world.admin.id),
    )
    .first<{ id: number }>()
  if (!row) throw new Error('insertMessage returned nothing')
  return row.id
}

export async function messageRow(scene: EmailScene, id: number) {
  return (await accountDb(scene.world.accountId))
    .prepare('select status, source_id, content_attributes from messages where id = ?')
    .bind(id)
    .first<{ status: string; source_id: string | null; content_attributes: string }>()
}
