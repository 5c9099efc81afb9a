import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { emailServiceMailer } from '../../../worker/email/mailer'
import { notifyFromEvents } from '../../../worker/notifications/notify'
import { CONTINUITY_QUEUE, handleContinuityQueue } from '../../../worker/queues/continuity'
import {
  addInboxMember,
  conversationPath,
  createScene,
  messagesPath,
  postMessage,
  type Scene,
} from '../conversation-helpers'
import { accountDb, api, type User } from '../helpers'
import { allPublished } from '../live-helpers'
import { apiWithEnv, envWithMail, recordingEmail } from '../mail-helpers'
import { accountPath, addMember } from '../members-helpers'

/**
 * Every flag of `notification_settings` acts: the kinds Chatwoot makes only for agents who chose
 * them (a new conversation in their inbox, a new message in a conversation they took part in),
 * and the email flags, which mail the notification once through the continuity queue's mailer.
 */

type Listed = { data: { payload: { notification_type: string }[] } }

const mention = (user: User, name: string) => `[@${name}](mention://user/${user.id}/${name})`

async function setFlags(scene: Scene, user: User, email: string[], push: string[]) {
  const res = await api(accountPath(scene.world, '/notification_settings'), {
    method: 'PATCH',
    token: user.token,
    body: { notification_settings: { selected_email_flags: email, selected_push_flags: push } },
  })
  expect(res.status).toBe(200)
}

async function typesOf(scene: Scene, user: User) {
  await allPublished(scene.world.accountId)
  const res = await api(accountPath(scene.world, '/notifications'), { token: user.token })
  expect(res.status).toBe(200)
  return (res.json as Listed).data.payload.map((n) => n.notification_type).sort()
}

async function assign(scene: Scene, displayId: number, assignee: User, actor: User) {
  const res = await api(`${conversationPath(scene.world, displayId)}/assignments`, {
    token: actor.token,
    body: { assignee_id: assignee.id },
  })
  expect(res.status).toBe(200)
}

/** A continuity queue producer that keeps what is sent to it, for the test to consume. */
function recordingQueue() {
  const jobs: Record<string, unknown>[] = []
  const queue = {
    async send(body: Record<string, unknown>) {
      jobs.push(body)
    },
    async sendBatch(messages: { body: Record<string, unknown> }[]) {
      for (const m of messages) jobs.push(m.body)
    },
  } as unknown as Queue
  return { jobs, queue }
}

async function consume(jobs: Record<string, unknown>[], mailEnv: Env, email: SendEmail) {
  if (jobs.length === 0) return
  const batch = createMessageBatch(
    CONTINUITY_QUEUE,
    jobs.map((body, i) => ({
      id: `n-${i}-${Math.random()}`,
      timestamp: new Date(),
      attempts: 1,
      body,
    })),
  )
  await handleContinuityQueue(batch, mailEnv, emailServiceMailer(email))
  await getQueueResult(batch, createExecutionContext())
}

describe('notification flags', () => {
  it("a new conversation notifies the inbox's agents who chose conversation_creation, and no one else", async () => {
    const scene = await createScene()
    const { world } = scene
    const other = await addMember(world.accountId)
    await addInboxMember(world, scene.inboxId, other.id)
    await setFlags(scene, world.agent, [], ['push_conversation_creation'])
    await scene.conversation()
    expect(await typesOf(scene, world.agent)).toEqual(['conversation_creation'])
    expect(await typesOf(scene, other)).toEqual([]) // Chatwoot's defaults leave it off
    expect(await typesOf(scene, world.admin)).toEqual([]) // not an agent of the inbox
  })

  it('a new message notifies the participants who chose participating_conversation_new_message', async () => {
    const scene = await createScene()
    const { world } = scene
    const mentioned = await addMember(world.accountId)
    await addInboxMember(world, scene.inboxId, mentioned.id)
    const silent = await addMember(world.accountId)
    await addInboxMember(world, scene.inboxId, silent.id)
    const flags = ['push_participating_conversation_new_message']
    await setFlags(scene, world.agent, [], flags)
    await setFlags(scene, mentioned, [], flags)
    const conversation = await scene.conversation()
    await assign(scene, conversation.id, world.admin, world.admin)
    // Each step is published before the next: who took part is read when a message is.
    await postMessage(world, conversation.id, { content: 'Hi' }, silent.token)
    await allPublished(world.accountId)
    await postMessage(world, conversation.id, { content: 'On it' }, world.agent.token)
    await allPublished(world.accountId)
    await postMessage(world, conversation.id, {
      content: `See ${mention(mentioned, 'M')}`,
      private: true,
    })
    await allPublished(world.accountId)
    await postMessage(world, conversation.id, { content: 'Thanks!', message_type: 'incoming' })
    expect(await typesOf(scene, world.agent)).toEqual(['participating_conversation_new_message'])
    // The mention itself is off for them; the visitor's message reaches them as a participant.
    expect(await typesOf(scene, mentioned)).toEqual(['participating_conversation_new_message'])
    expect(await typesOf(scene, silent)).toEqual([]) // took part, but kept the defaults
    // The assignee gets the message once, as its assignee, not again as a participant.
    const adminTypes = await typesOf(scene, world.admin)
    expect(new Set(adminTypes)).toEqual(new Set(['assigned_conversation_new_message']))
    expect(adminTypes).toHaveLength(3) // the two replies and the visitor's message
  })

  it('an agent who assigns a conversation to themselves is not notified of it', async () => {
    const scene = await createScene()
    const { world } = scene
    const first = await scene.conversation()
    await assign(scene, first.id, world.agent, world.agent)
    // A reply to an unassigned conversation assigns the replier: that is self-assignment too.
    const second = await scene.conversation()
    await postMessage(world, second.id, { content: 'Mine' }, world.agent.token)
    expect(await typesOf(scene, world.agent)).toEqual([])
    const third = await scene.conversation()
    await assign(scene, third.id, world.agent, world.admin)
    expect(await typesOf(scene, world.agent)).toEqual(['conversation_assignment'])
  })

  it('an email flag mails the notification once, also when its event is published again', async () => {
    const scene = await createScene()
    const { world } = scene
    await setFlags(scene, world.agent, ['email_conversation_mention'], [])
    const email = recordingEmail()
    const continuity = recordingQueue()
    const mailEnv = envWithMail(email.binding, {
      CONTINUITY: continuity.queue,
      PUBLIC_BASE_URL: 'https://parley.example',
    })
    const conversation = await scene.conversation()
    const note = await apiWithEnv(mailEnv, messagesPath(world, conversation.id), {
      token: world.admin.token,
      body: { content: `Look ${mention(world.agent, 'Agent')} please`, private: true },
    })
    expect(note.status).toBe(200)
    await consume(continuity.jobs.splice(0), mailEnv, email.binding)
    expect(email.sent).toHaveLength(1)
    const [mail] = email.sent
    expect(mail?.to).toEqual([{ name: 'Agent', email: world.agent.email }])
    expect(mail?.subject).toBe(`Admin mentioned you in #${conversation.id}`)
    expect(String(mail?.text)).toContain('Look @Agent please')
    expect(String(mail?.text)).toContain(
      `https://parley.example/app/accounts/${world.accountId}/conversations/${conversation.id}`,
    )
    // Published again (the sweep after a crash): no second notification, so no second mail.
    const db = await accountDb(world.accountId)
    const ids = (
      await db.prepare('select id from events where account_id = ?').bind(world.accountId).all()
    ).results.map((r) => r.id as number)
    await notifyFromEvents(mailEnv, createDb(db), world.accountId, ids)
    expect(continuity.jobs).toEqual([])
    await consume(continuity.jobs, mailEnv, email.binding)
    expect(email.sent).toHaveLength(1)
  })

  it('without the email flag nothing is mailed, assignment included', async () => {
    const scene = await createScene()
    const { world } = scene
    await setFlags(scene, world.agent, [], ['push_conversation_mention'])
    const email = recordingEmail()
    const continuity = recordingQueue()
    const mailEnv = envWithMail(email.binding, { CONTINUITY: continuity.queue })
    const conversation = await scene.conversation()
    await apiWithEnv(mailEnv, messagesPath(world, conversation.id), {
      token: world.admin.token,
      body: { content: mention(world.agent, 'Agent'), private: true },
    })
    await apiWithEnv(mailEnv, `${conversationPath(world, conversation.id)}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.agent.id },
    })
    await consume(continuity.jobs.splice(0), mailEnv, email.binding)
    expect(email.sent).toEqual([])
    expect(await typesOf(scene, world.agent)).toEqual(['conversation_mention'])
  })

  it("Chatwoot's default for a new agent mails an assignment", async () => {
    const scene = await createScene()
    const { world } = scene
    const email = recordingEmail()
    const continuity = recordingQueue()
    const mailEnv = envWithMail(email.binding, { CONTINUITY: continuity.queue })
    const conversation = await scene.conversation()
    await apiWithEnv(mailEnv, `${conversationPath(world, conversation.id)}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.agent.id },
    })
    await consume(continuity.jobs.splice(0), mailEnv, email.binding)
    expect(email.sent.map((m) => m.subject)).toEqual([
      `Conversation #${conversation.id} was assigned to you`,
    ])
  })
})
