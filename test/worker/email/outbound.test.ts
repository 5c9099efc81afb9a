import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { MailSendError } from '../../../worker/email/mailer'
import { sendReply } from '../../../worker/email/outbound'
import { accountDb } from '../helpers'
import { emailScene, insertMessage, messageRow, recordingMailer } from './outbound-helpers'

const send = async (
  scene: Awaited<ReturnType<typeof emailScene>>,
  messageId: number,
  mailer: ReturnType<typeof recordingMailer>['mailer'] | null,
  lastAttempt = false,
) =>
  sendReply(
    env,
    createDb(await accountDb(scene.world.accountId)),
    { accountId: scene.world.accountId, messageId },
    mailer,
    { lastAttempt, now: Math.floor(Date.now() / 1000) },
  )

async function threadedScene() {
  const scene = await emailScene()
  await insertMessage(scene, {
    messageType: 0,
    sourceId: 'first@customer.example',
    contentAttributes: { email: { subject: 'Order 42 is late' } },
  })
  await insertMessage(scene, { messageType: 1, sourceId: 'our-earlier@parley.test' })
  await insertMessage(scene, {
    messageType: 0,
    sourceId: 'second@customer.example',
    contentAttributes: { email: { subject: 'Re: Order 42 is late' } },
  })
  return scene
}

describe('an agent reply on an email conversation, sent as mail', () => {
  it('goes from the inbox address with the agent name, threaded on the stored ids, with Reply-To', async () => {
    const scene = await threadedScene()
    const id = await insertMessage(scene, {
      messageType: 1,
      content: 'Hi <script>alert(1)</script> & co\n\nSee https://example.com/a?b=1&c=2.\nBye',
      contentAttributes: {
        cc_emails: 'boss@customer.example, team@customer.example',
        bcc_emails: 'audit@parley.test',
      },
    })
    const { mailer, sent } = recordingMailer()
    expect(await send(scene, id, mailer)).toBe('sent')
    expect(sent).toHaveLength(1)
    const { mail, builder, messageId } = sent[0]!
    const inboxName = (await (
      await accountDb(scene.world.accountId)
    )
      .prepare('select name from inboxes where id = ?')
      .bind(scene.inboxId)
      .first<string>('name')) as string
    expect(builder.from).toEqual({ name: `Admin from ${inboxName}`, email: 'support@example.com' })
    expect(builder.to).toEqual([
      { name: 'Casey Customer', email: expect.stringMatching(/@customer\.example$/) },
    ])
    expect(builder.cc).toEqual(['boss@customer.example', 'team@customer.example'])
    expect(builder.bcc).toEqual(['audit@parley.test'])
    expect(builder.subject).toBe('Re: Order 42 is late')
    expect(builder.replyTo).toBe(`reply+${scene.world.accountId}.${scene.uuid}@mail.parley.test`)
    expect(builder.headers).toEqual({
      'In-Reply-To': '<second@customer.example>',
      References: '<first@customer.example> <our-earlier@parley.test> <second@customer.example>',
    })
    expect(mail.text).toContain('Hi <script>alert(1)</script> & co')
    expect(builder.html).not.toContain('<script>')
    expect(builder.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; co')
    expect(builder.html).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">https://example.com/a?b=1&amp;c=2</a>.<br>',
    )
    const row = await messageRow(scene, id)
    expect(row).toMatchObject({ status: 'sent', source_id: messageId.replace(/^<|>$/g, '') })
  })

  it('sends to to_emails instead of the contact when given, and names a conversation no mail started', async () => {
    const scene = await emailScene()
    const id = await insertMessage(scene, {
      messageType: 1,
      contentAttributes: { to_emails: 'other@customer.example' },
    })
    const { mailer, sent } = recordingMailer()
    expect(await send(scene, id, mailer)).toBe('sent')
    expect(sent[0]?.builder.to).toEqual(['other@customer.example'])
    expect(sent[0]?.builder.subject).toMatch(
      new RegExp(`^\\[Inbox .+ #${scene.displayId}\\] New messages on this conversation$`),
    )
    expect(sent[0]?.builder.headers).toBeUndefined()
  })

  it('attaches the reply files read from R2', async () => {
    const scene = await emailScene()
    const id = await insertMessage(scene, { messageType: 1, content: 'The invoice' })
    const key = `test/${crypto.randomUUID()}/invoice.pdf`
    await env.FILES.put(key, new TextEncoder().encode('%PDF-1.4 invoice'))
    await (await accountDb(scene.world.accountId))
      .prepare(
        `insert into attachments (account_id, message_id, file_type, object_key, content_type,
          file_name, extension, file_size) values (?, ?, 'file', ?, 'application/pdf', 'invoice.pdf', 'pdf', 16)`,
      )
      .bind(scene.world.accountId, id, key)
      .run()
    const { mailer, sent } = recordingMailer()
    expect(await send(scene, id, mailer)).toBe('sent')
    const files = sent[0]?.builder.attachments ?? []
    expect(files.map((f) => [f.filename, f.type, f.disposition])).toEqual([
      ['invoice.pdf', 'application/pdf', 'attachment'],
    ])
    expect(new TextDecoder().decode(files[0]?.content as Uint8Array)).toBe('%PDF-1.4 invoice')
  })

  it('sends nothing for a private note or an activity', async () => {
    const scene = await emailScene()
    const note = await insertMessage(scene, { messageType: 1, private: true })
    const activity = await insertMessage(scene, { messageType: 2 })
    const { mailer, sent } = recordingMailer()
    expect(await send(scene, note, mailer)).toBe('skipped')
    expect(await send(scene, activity, mailer)).toBe('skipped')
    expect(sent).toEqual([])
    expect((await messageRow(scene, note))?.status).toBe('sent')
  })

  it('sends once when the same reply is delivered twice', async () => {
    const scene = await emailScene()
    const id = await insertMessage(scene, { messageType: 1 })
    const { mailer, sent } = recordingMailer()
    const outcomes = await Promise.all([send(scene, id, mailer), send(scene, id, mailer)])
    expect(outcomes.sort()).toEqual(['sent', 'skipped'])
    expect(await send(scene, id, mailer)).toBe('skipped')
    expect(sent).toHaveLength(1)
  })

  it('marks a refused send failed with the reason and publishes message_updated', async () => {
    const scene = await emailScene()
    const id = await insertMessage(scene, { messageType: 1 })
    const { mailer } = recordingMailer(new MailSendError('recipient address rejected', false))
    expect(await send(scene, id, mailer)).toBe('failed')
    const row = await messageRow(scene, id)
    expect(row?.status).toBe('failed')
    expect(JSON.parse(row?.content_attributes ?? '{}').external_error).toBe(
      'recipient address rejected',
    )
    const events = await (await accountDb(scene.world.accountId))
      .prepare("select kind from events where message_id = ? and kind = 'message_updated'")
      .bind(id)
      .all()
    expect(events.results).toHaveLength(1)
  })

  it('leaves a retryable failure for the queue retry, and fails it on the last attempt', async () => {
    const scene = await emailScene()
    const id = await insertMessage(scene, { messageType: 1 })
    const { mailer } = recordingMailer(new MailSendError('rate limited', true))
    expect(await send(scene, id, mailer)).toBe('retry')
    expect(await messageRow(scene, id)).toMatchObject({ status: 'sent', source_id: null })
    expect(await send(scene, id, mailer, true)).toBe('failed')
    expect((await messageRow(scene, id))?.status).toBe('failed')
  })
})
