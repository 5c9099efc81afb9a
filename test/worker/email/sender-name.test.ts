import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import type { ContinuityJob } from '../../../worker/email/continuity'
import { emailServiceMailer } from '../../../worker/email/mailer'
import { sendReply } from '../../../worker/email/outbound'
import { CONTINUITY_QUEUE, handleContinuityQueue } from '../../../worker/queues/continuity'
import { accountDb, api, expectError, uniq, type World } from '../helpers'
import { envWithMail, recordingEmail } from '../mail-helpers'
import { agentPost, createVisitor, publicScene, startConversation } from '../public-helpers'
import { emailScene, insertMessage, recordingMailer } from './outbound-helpers'

/*
 * Chatwoot's inbox business_name and sender_name_type name the sender of the inbox's outgoing
 * mail: friendly is "<agent> from <business>", professional is "<business>" alone.
 */

const inboxPath = (world: World, inboxId: number) =>
  `/api/v1/accounts/${world.accountId}/inboxes/${inboxId}`

async function setSender(world: World, inboxId: number, body: Record<string, unknown>) {
  const res = await api(inboxPath(world, inboxId), {
    method: 'PATCH',
    token: world.admin.token,
    body,
  })
  expect(res.status).toBe(200)
  return res.json
}

async function replyFromName(settings: Record<string, unknown>) {
  const scene = await emailScene()
  await setSender(scene.world, scene.inboxId, settings)
  const id = await insertMessage(scene, { messageType: 1, content: 'Your order ships today' })
  const { mailer, sent } = recordingMailer()
  const status = await sendReply(
    env,
    createDb(await accountDb(scene.world.accountId)),
    { accountId: scene.world.accountId, messageId: id },
    mailer,
    { lastAttempt: false, now: Math.floor(Date.now() / 1000) },
  )
  expect(status).toBe('sent')
  return sent[0]?.builder.from
}

async function continuityFromName(settings: Record<string, unknown>) {
  const { world, inbox } = await publicScene('web_widget')
  await setSender(world, inbox.id, settings)
  const visitor = await createVisitor(inbox, { email: `${uniq('v')}@example.com`, name: 'Vee' })
  const conversation = await startConversation(inbox, visitor)
  await agentPost(world, conversation.displayId, { content: 'We are on it' })
  const email = recordingEmail()
  const job: ContinuityJob = {
    type: 'continuity',
    accountId: world.accountId,
    conversationId: conversation.id,
  }
  const batch = createMessageBatch(CONTINUITY_QUEUE, [
    { id: `c-${Math.random()}`, timestamp: new Date(), attempts: 1, body: job },
  ])
  const ctx = createExecutionContext()
  await handleContinuityQueue(batch, envWithMail(email.binding), emailServiceMailer(email.binding))
  await getQueueResult(batch, ctx)
  expect(email.sent).toHaveLength(1)
  return email.sent[0]?.from
}

describe("an inbox's mail sender name (business_name, sender_name_type)", () => {
  it('stores both and shows them in the inbox, friendly and the inbox name by default', async () => {
    const scene = await emailScene()
    const before = (
      await api(inboxPath(scene.world, scene.inboxId), { token: scene.world.admin.token })
    ).json
    expect(before).toMatchObject({ business_name: null, sender_name_type: 'friendly' })
    const after = await setSender(scene.world, scene.inboxId, {
      business_name: 'Acme Support',
      sender_name_type: 'professional',
    })
    expect(after).toMatchObject({ business_name: 'Acme Support', sender_name_type: 'professional' })
    const cleared = await setSender(scene.world, scene.inboxId, { business_name: null })
    expect(cleared.business_name).toBeNull()
  })

  it('refuses a sender_name_type Chatwoot does not have with a 422 naming it', async () => {
    const scene = await emailScene()
    const res = await api(inboxPath(scene.world, scene.inboxId), {
      method: 'PATCH',
      token: scene.world.admin.token,
      body: { sender_name_type: 'casual' },
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors).toEqual([expect.objectContaining({ field: 'sender_name_type' })])
  })

  it('friendly: an agent reply goes from "<agent> from <business_name>"', async () => {
    const from = await replyFromName({
      business_name: 'Acme Support',
      sender_name_type: 'friendly',
    })
    expect(from).toEqual({ name: 'Admin from Acme Support', email: 'support@example.com' })
  })

  it('professional: an agent reply goes from the business name alone', async () => {
    const from = await replyFromName({
      business_name: 'Acme Support',
      sender_name_type: 'professional',
    })
    expect(from).toEqual({ name: 'Acme Support', email: 'support@example.com' })
  })

  it('professional without a business name: the reply goes from the inbox name', async () => {
    const scene = await emailScene()
    const name = (
      await api(inboxPath(scene.world, scene.inboxId), { token: scene.world.admin.token })
    ).json.name
    await setSender(scene.world, scene.inboxId, { sender_name_type: 'professional' })
    const id = await insertMessage(scene, { messageType: 1, content: 'Hello' })
    const { mailer, sent } = recordingMailer()
    await sendReply(
      env,
      createDb(await accountDb(scene.world.accountId)),
      { accountId: scene.world.accountId, messageId: id },
      mailer,
      { lastAttempt: false, now: Math.floor(Date.now() / 1000) },
    )
    expect(sent[0]?.builder.from).toEqual({ name, email: 'support@example.com' })
  })

  it('friendly: a continuity mail goes from "<agent> from <business_name>"', async () => {
    const from = await continuityFromName({
      business_name: 'Acme Shop',
      sender_name_type: 'friendly',
    })
    expect(from).toEqual({ name: 'Admin from Acme Shop', email: 'no-reply@parley.test' })
  })

  it('professional: a continuity mail goes from the business name alone', async () => {
    const from = await continuityFromName({
      business_name: 'Acme Shop',
      sender_name_type: 'professional',
    })
    expect(from).toEqual({ name: 'Acme Shop', email: 'no-reply@parley.test' })
  })
})
