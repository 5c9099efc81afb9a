import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { AssignmentJob } from '../../../worker/email/assignment-mail'
import { emailServiceMailer } from '../../../worker/email/mailer'
import { CONTINUITY_QUEUE, handleContinuityQueue } from '../../../worker/queues/continuity'
import { addInboxMember } from '../conversation-helpers'
import { api } from '../helpers'
import { openSocket } from '../live-helpers'
import { envWithMail, recordingEmail } from '../mail-helpers'
import { createVisitor, publicScene, startConversation } from '../public-helpers'

async function assignedScene() {
  const { world, inbox } = await publicScene('web_widget')
  await addInboxMember(world, inbox.id, world.agent.id)
  const visitor = await createVisitor(inbox)
  const conversation = await startConversation(inbox, visitor)
  const assigned = await api(
    `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/assignments`,
    { token: world.admin.token, body: { assignee_id: world.agent.id } },
  )
  expect(assigned.status).toBe(200)
  return { world, conversation }
}

type Scene = Awaited<ReturnType<typeof assignedScene>>

async function runJob(s: Scene, email: ReturnType<typeof recordingEmail>) {
  const job: AssignmentJob = {
    type: 'assignment',
    accountId: s.world.accountId,
    conversationId: s.conversation.id,
    userId: s.world.agent.id,
  }
  const batch = createMessageBatch(CONTINUITY_QUEUE, [
    { id: `a-${Math.random()}`, timestamp: new Date(), attempts: 1, body: job },
  ])
  const ctx = createExecutionContext()
  const mailEnv = envWithMail(email.binding, { PUBLIC_BASE_URL: 'https://parley.example' })
  await handleContinuityQueue(batch, mailEnv, emailServiceMailer(email.binding))
  return getQueueResult(batch, ctx)
}

describe('mail to an agent a conversation is assigned to', () => {
  it('mails an agent with no dashboard open a link to the conversation', async () => {
    const s = await assignedScene()
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(1)
    const [mail] = email.sent
    expect(mail?.to).toEqual([{ name: 'Agent', email: s.world.agent.email }])
    expect(mail?.subject).toBe(`Conversation #${s.conversation.displayId} was assigned to you`)
    expect(String(mail?.text)).toContain(
      `https://parley.example/app/accounts/${s.world.accountId}/conversations/${s.conversation.displayId}`,
    )
  })

  it('mails nothing while the agent has the dashboard open on the account', async () => {
    const s = await assignedScene()
    const feed = (
      await openSocket(`/api/v1/accounts/${s.world.accountId}/live`, {
        api_access_token: s.world.agent.token,
      })
    ).socket!
    await feed.next('ready')
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(0)
    feed.close()
  })

  it('mails nothing once the conversation went to someone else', async () => {
    const s = await assignedScene()
    const reassigned = await api(
      `/api/v1/accounts/${s.world.accountId}/conversations/${s.conversation.displayId}/assignments`,
      { token: s.world.admin.token, body: { assignee_id: s.world.admin.id } },
    )
    expect(reassigned.status).toBe(200)
    const email = recordingEmail()
    await runJob(s, email)
    expect(email.sent).toHaveLength(0)
  })
})
