import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  EMAIL_COLLECT_QUESTION,
  type EmailCollectJob,
  emailCollect,
} from '../../../worker/automation/email-collect'
import { createDb } from '../../../worker/db/client'
import { loadAutomationTriggers } from '../../../worker/db/queries/automation'
import { continuityConversationsOfEvents } from '../../../worker/db/queries/continuity'
import { type ContinuityJob, sendContinuity } from '../../../worker/email/continuity'
import { emailServiceMailer } from '../../../worker/email/mailer'
import { CONTINUITY_QUEUE, handleContinuityQueue } from '../../../worker/queues/continuity'
import { accountDb, uniq } from '../helpers'
import { envWithMail, recordingEmail } from '../mail-helpers'
import {
  agentPost,
  contactRowById,
  conversationOf,
  createVisitor,
  eventRows,
  publicScene,
  startConversation,
} from '../public-helpers'
import { automaticMessages, eventIdsOf } from './automation-helpers'

async function scene(
  options: { email?: string; settings?: Record<string, unknown>; type?: 'web_widget' | 'api' } = {},
) {
  const { world, inbox } = await publicScene(options.type ?? 'web_widget', {
    settings: options.settings,
  })
  const visitor = await createVisitor(inbox, options.email ? { email: options.email } : {})
  const conversation = await startConversation(inbox, visitor)
  const path = `${conversationOf(visitor, conversation.displayId)}/messages`
  const res = await inbox.call(path, { body: { content: 'Is anyone there?' } })
  expect(res.status, res.text).toBe(200)
  const accountId = world.accountId
  const [eventId] = (await eventIdsOf(accountId, conversation.id, 'message_created')).slice(-1)
  return {
    world,
    inbox,
    visitor,
    conversation,
    path,
    accountId,
    eventId: eventId!,
    sentAt: res.json.created_at as number,
  }
}
type Scene = Awaited<ReturnType<typeof scene>>

/** The jobs the automation queues for the visitor's message, with the delay it asks for. */
async function queuedJobs(s: Scene) {
  const sent: { body: EmailCollectJob; delaySeconds?: number }[] = []
  const recording = {
    ...env,
    EMAIL_COLLECT_DELAY_SECONDS: '2',
    CONTINUITY: {
      sendBatch: async (messages: Iterable<{ body: EmailCollectJob; delaySeconds?: number }>) => {
        sent.push(...messages)
      },
    },
  } as unknown as Env
  const db = createDb(await accountDb(s.accountId))
  const triggers = await loadAutomationTriggers(db, s.accountId, [s.eventId])
  expect(await emailCollect(recording, db, triggers, 0)).toEqual([])
  return sent
}

/** Runs the delayed job through the continuity queue's consumer, as the queue would. */
async function runJob(job: EmailCollectJob) {
  const batch = createMessageBatch(CONTINUITY_QUEUE, [
    { id: `e-${Math.random()}`, timestamp: new Date(), attempts: 1, body: job },
  ])
  const ctx = createExecutionContext()
  await handleContinuityQueue(batch, env, null)
  return getQueueResult(batch, ctx)
}

const asks = (s: Scene) => automaticMessages(s.accountId, s.conversation.id, 'email_collect')

describe('email collection', () => {
  it('queues a delayed ask for a visitor with no email, and none otherwise', async () => {
    const s = await scene()
    const [job, ...more] = await queuedJobs(s)
    expect(more).toEqual([])
    expect(job).toEqual({
      body: {
        type: 'email_collect',
        accountId: s.accountId,
        conversationId: s.conversation.id,
        since: expect.any(Number),
      },
      delaySeconds: 2,
    })
    expect(await queuedJobs(await scene({ email: `${uniq('v')}@example.com` }))).toEqual([])
    expect(await queuedJobs(await scene({ settings: { enable_email_collect: false } }))).toEqual([])
    expect(await queuedJobs(await scene({ type: 'api' }))).toEqual([])
  })

  it('asks with an input_email message after the delay when still unanswered, and only once', async () => {
    const s = await scene()
    const [job] = await queuedJobs(s)
    const result = await runJob(job!.body)
    expect(result.explicitAcks).toHaveLength(1)
    await runJob(job!.body)
    const sent = await asks(s)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      message_type: 3,
      content_type: 'input_email',
      content: EMAIL_COLLECT_QUESTION,
    })
    const events = await eventRows(s.accountId, 'message_created')
    expect(events.some((e) => e.message_id === sent[0]!.id)).toBe(true)
  })

  it('does not ask when an agent answered in the meantime, or the visitor gave an email', async () => {
    const answered = await scene()
    const [job] = await queuedJobs(answered)
    await agentPost(answered.world, answered.conversation.displayId, { content: 'Hello!' })
    await runJob(job!.body)
    expect(await asks(answered)).toEqual([])

    const gave = await scene()
    const [later] = await queuedJobs(gave)
    const res = await gave.inbox.call(`/contacts/${gave.visitor.sourceId}`, {
      method: 'PATCH',
      body: { email: `${uniq('v')}@example.com` },
    })
    expect(res.status, res.text).toBe(200)
    await runJob(later!.body)
    expect(await asks(gave)).toEqual([])
  })

  it('takes the answer as the contact’s email, with contact_updated, so continuity mails the next reply', async () => {
    const s = await scene()
    const [job] = await queuedJobs(s)
    await runJob(job!.body)
    const [ask] = await asks(s)
    const address = `${uniq('vee')}@Example.com`
    const res = await s.inbox.call(`${s.path}/${ask!.id}`, {
      method: 'PATCH',
      body: { submitted_values: [{ value: address }] },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.content_attributes.submitted_values).toEqual([{ value: address }])
    expect((await contactRowById(s.visitor.contactId))?.email).toBe(address.toLowerCase())
    const updated = await eventRows(s.accountId, 'contact_updated')
    expect(updated.some((e) => e.contact_id === s.visitor.contactId)).toBe(true)

    const reply = await agentPost(s.world, s.conversation.displayId, { content: 'Here you go' })
    const db = createDb(await accountDb(s.accountId))
    const [replyEvent] = (
      await eventIdsOf(s.accountId, s.conversation.id, 'message_created')
    ).slice(-1)
    expect(await continuityConversationsOfEvents(db, [replyEvent!])).toEqual([s.conversation.id])
    const email = recordingEmail()
    const continuity: ContinuityJob = {
      type: 'continuity',
      accountId: s.accountId,
      conversationId: s.conversation.id,
    }
    expect(
      await sendContinuity(
        envWithMail(email.binding),
        db,
        continuity,
        emailServiceMailer(email.binding),
      ),
    ).toBe('sent')
    expect(email.sent[0]?.to).toEqual([expect.objectContaining({ email: address.toLowerCase() })])
    expect(String(email.sent[0]?.text)).toContain(reply.content)
  })

  it('keeps an email another contact holds as the visitor’s claim, as the contact update does', async () => {
    const taken = `${uniq('taken')}@example.com`
    const s = await scene()
    await createVisitor(s.inbox, { email: taken })
    const [job] = await queuedJobs(s)
    await runJob(job!.body)
    const [ask] = await asks(s)
    const res = await s.inbox.call(`${s.path}/${ask!.id}`, {
      method: 'PATCH',
      body: { submitted_values: [{ value: taken }] },
    })
    expect(res.status, res.text).toBe(200)
    const contact = await contactRowById(s.visitor.contactId)
    expect(contact?.email).toBeNull()
    expect(JSON.parse(String(contact?.additional_attributes)).unverified_claims).toEqual({
      email: taken,
    })
  })
})
