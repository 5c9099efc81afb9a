import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { continuityConversationsOfEvents } from '../../../worker/db/queries/continuity'
import { type ContinuityJob, queueContinuity } from '../../../worker/email/continuity'
import { emailServiceMailer } from '../../../worker/email/mailer'
import { CONTINUITY_QUEUE, handleContinuityQueue } from '../../../worker/queues/continuity'
import { accountDb, api, uniq } from '../helpers'
import { openSocket } from '../live-helpers'
import { envWithMail, recordingEmail } from '../mail-helpers'
import {
  agentPost,
  conversationOf,
  createVisitor,
  eventRows,
  publicPath,
  publicScene,
  startConversation,
} from '../public-helpers'

const PAGE = 'https://shop.example.com/pricing?plan=pro'

/** A website conversation whose visitor gave an email, started on PAGE. */
async function scene(
  options: { email?: string | null; continuity?: boolean; color?: string } = {},
) {
  const { world, inbox } = await publicScene('web_widget', {
    channel: {
      widget_color: options.color ?? '#ff0066',
      ...(options.continuity === undefined ? {} : { continuity_via_email: options.continuity }),
    },
  })
  const email = options.email === undefined ? `${uniq('v')}@example.com` : options.email
  const visitor = await createVisitor(inbox, email ? { email, name: 'Vee' } : {})
  const conversation = await startConversation(inbox, visitor, { referer_url: PAGE })
  return { world, inbox, visitor, conversation, email }
}

type Scene = Awaited<ReturnType<typeof scene>>

/** Runs one delayed job through the consumer, with Email Service swapped for a recorder. */
async function runJob(s: Scene, email: ReturnType<typeof recordingEmail>) {
  const job: ContinuityJob = {
    type: 'continuity',
    accountId: s.world.accountId,
    conversationId: s.conversation.id,
  }
  const batch = createMessageBatch(CONTINUITY_QUEUE, [
    { id: `c-${Math.random()}`, timestamp: new Date(), attempts: 1, body: job },
  ])
  const ctx = createExecutionContext()
  await handleContinuityQueue(batch, envWithMail(email.binding), emailServiceMailer(email.binding))
  return getQueueResult(batch, ctx)
}

const reply = (s: Scene, content: string) =>
  agentPost(s.world, s.conversation.displayId, { content })

describe('conversation continuity by email', () => {
  it('mails a burst of three replies as one mail, with the headers that thread it back', async () => {
    const s = await scene()
    await reply(s, 'First <b>answer</b> & more')
    await reply(s, 'Second answer')
    await reply(s, 'Third answer')
    await agentPost(s.world, s.conversation.displayId, { content: 'a private note', private: true })
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(1)
    const [mail] = email.sent
    const inboxName = (
      await api(`/api/v1/accounts/${s.world.accountId}/inboxes/${s.inbox.id}`, {
        token: s.world.admin.token,
      })
    ).json.name
    // The inbox's default sender_name_type, friendly: "<latest reply's agent> from <inbox>".
    expect(mail?.from).toEqual({ name: `Admin from ${inboxName}`, email: 'no-reply@parley.test' })
    expect(mail?.to).toEqual([{ name: 'Vee', email: s.email }])
    const uuid = (
      await (
        await accountDb(s.world.accountId)
      )
        .prepare('select uuid from conversations where id = ?')
        .bind(s.conversation.id)
        .first<{ uuid: string }>()
    )?.uuid
    expect(mail?.replyTo).toBe(`reply+${s.world.accountId}.${uuid}@mail.parley.test`)
    expect(mail?.subject).toBe(`3 new replies from ${inboxName}`)
    const text = String(mail?.text)
    const html = String(mail?.html)
    for (const content of ['First <b>answer</b> & more', 'Second answer', 'Third answer']) {
      expect(text).toContain(content)
    }
    expect(text).toContain(PAGE)
    expect(text).not.toContain('a private note')
    expect(html).toContain('First &lt;b&gt;answer&lt;/b&gt; &amp; more')
    expect(html).not.toContain('<b>answer')
    expect(html).toContain('#ff0066')
    expect(html).toContain(`href="${PAGE.replace('&', '&amp;')}"`)
    expect(html).not.toContain('a private note')
  })

  it('sends nothing twice: a redelivered job, or the burst’s later jobs, find nothing left', async () => {
    const s = await scene()
    await reply(s, 'Only once')
    const email = recordingEmail()
    await runJob(s, email)
    await runJob(s, email)
    expect(email.sent).toHaveLength(1)
    await reply(s, 'A later reply')
    await runJob(s, email)
    expect(email.sent).toHaveLength(2)
    expect(String(email.sent[1]?.text)).toContain('A later reply')
    expect(String(email.sent[1]?.text)).not.toContain('Only once')
  })

  it('gives the replies back when the send fails, and the retry sends them', async () => {
    const s = await scene()
    await reply(s, 'Try again')
    const failing = recordingEmail()
    failing.failWith('temporarily unavailable')
    const result = await runJob(s, failing)
    expect(result.explicitAcks).toHaveLength(0)
    expect(result.retryMessages).toHaveLength(1)
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(1)
    expect(String(email.sent[0]?.text)).toContain('Try again')
  })

  it('mails nothing while the visitor is connected to the conversation', async () => {
    const s = await scene()
    const live = publicPath(
      s.inbox.identifier,
      `${conversationOf(s.visitor, s.conversation.displayId)}/live`,
    )
    const visitor = (await openSocket(live)).socket!
    visitor.send({ type: 'auth', token: s.visitor.pubsubToken })
    await visitor.next('ready')
    await reply(s, 'Seen live')
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(0)
    visitor.close()
  })

  it('mails nothing for replies the visitor has read since', async () => {
    const s = await scene()
    await reply(s, 'Read on the page')
    const seen = await s.inbox.call(
      `${conversationOf(s.visitor, s.conversation.displayId)}/update_last_seen`,
      { method: 'POST' },
    )
    expect(seen.status).toBe(200)
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(0)
  })

  it('mails nothing when the inbox has continuity_via_email off', async () => {
    const s = await scene({ continuity: false })
    await reply(s, 'Not by mail')
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(0)
  })

  it('mails nothing when the visitor gave no email', async () => {
    const s = await scene({ email: null })
    await reply(s, 'No address')
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(0)
  })

  it('finds the conversation of a reply among the events its creation committed', async () => {
    const s = await scene()
    await reply(s, 'Queued')
    const ids = (await eventRows(s.world.accountId, 'message_created')).map(
      (row) => row.id as number,
    )
    const db = createDb(await accountDb(s.world.accountId))
    expect(await continuityConversationsOfEvents(db, ids)).toEqual([s.conversation.id])
    // Queued on the real queue, delayed (its consumer here has no sender: it would send nothing).
    await queueContinuity(envWithMail(recordingEmail().binding), db, s.world.accountId, ids)
  })
})

describe('the continuity_via_email setting of a website inbox', () => {
  it('is on by default, and an update turns it off', async () => {
    const { world, inbox } = await publicScene('web_widget')
    const path = `/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`
    const shown = await api(path, { token: world.admin.token })
    expect(shown.json.continuity_via_email).toBe(true)
    const updated = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { channel: { continuity_via_email: false } },
    })
    expect(updated.status).toBe(200)
    expect(updated.json.continuity_via_email).toBe(false)
    expect((await api(path, { token: world.admin.token })).json.continuity_via_email).toBe(false)
  })

  it('is null on other inboxes', async () => {
    const { world, inbox } = await publicScene('api')
    const shown = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`, {
      token: world.admin.token,
    })
    expect(shown.json.continuity_via_email).toBeNull()
  })
})
