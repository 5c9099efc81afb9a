import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { waitingSendsOfEvents } from '../../../worker/db/queries/outgoing-sends'
import { handleMailQueue } from '../../../worker/queues/mail'
import { messagesPath } from '../conversation-helpers'
import { accountDb, api } from '../helpers'
import { isSent, messageEventKinds, messageRowWhen } from './outbound-flow-helpers'
import { type EmailScene, emailScene, insertMessage, recordingMailer } from './outbound-helpers'

const postReply = (scene: EmailScene, body: Record<string, unknown>) =>
  api(messagesPath(scene.world, scene.displayId), { token: scene.world.admin.token, body })

const retryPath = (scene: EmailScene, messageId: number) =>
  `${messagesPath(scene.world, scene.displayId)}/${messageId}/retry`

const retry = (scene: EmailScene, messageId: number) =>
  api(retryPath(scene, messageId), { method: 'POST', token: scene.world.admin.token })

/** A queue batch of one mail message, handed to the consumer with `mailer`. */
async function deliverMailMessage(
  scene: EmailScene,
  messageId: number,
  mailer: ReturnType<typeof recordingMailer>['mailer'],
) {
  const acked: string[] = []
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts: 1,
    body: { type: 'mail', accountId: scene.world.accountId, messageId },
    ack: () => acked.push('ack'),
    retry: () => acked.push('retry'),
  }
  await handleMailQueue(
    {
      queue: 'parley-mail',
      messages: [message],
      ackAll: () => {},
      retryAll: () => {},
    } as unknown as MessageBatch<unknown>,
    env,
    mailer,
  )
  return acked
}

async function failedReply(scene: EmailScene) {
  return insertMessage(scene, {
    messageType: 1,
    content: 'Your refund is on its way',
    contentAttributes: { external_error: 'mailbox unavailable' },
  }).then(async (id) => {
    await (await accountDb(scene.world.accountId))
      .prepare("update messages set status = 'failed' where id = ?")
      .bind(id)
      .run()
    return id
  })
}

describe('an agent reply posted on an email conversation', () => {
  it('goes through publish and the mail queue and ends sent, with the returned id in source_id', async () => {
    const scene = await emailScene()
    const res = await postReply(scene, { content: 'Thanks, we are on it' })
    expect(res.status).toBe(200)
    const row = await messageRowWhen(scene, res.json.id, isSent)
    expect(row).toMatchObject({ status: 'sent' })
    expect(row?.source_id).toMatch(/@/)
    expect(row?.source_id).not.toMatch(/^sending:/)
  })

  it('is never queued when it is a private note, while a public reply beside it goes out', async () => {
    const scene = await emailScene()
    const note = await postReply(scene, { content: 'Internal: VIP customer', private: true })
    const reply = await postReply(scene, { content: 'Hello from support' })
    expect(await messageRowWhen(scene, reply.json.id, isSent)).toMatchObject({ status: 'sent' })
    const noteRow = await messageRowWhen(scene, note.json.id, () => true)
    expect(noteRow).toMatchObject({ status: 'sent', source_id: null })
    // The question publishing asks of the note's event: nothing of it waits to be mailed.
    const db = await accountDb(scene.world.accountId)
    const { results } = await db
      .prepare("select id from events where message_id = ? and kind = 'message_created'")
      .bind(note.json.id)
      .all<{ id: number }>()
    expect(results).toHaveLength(1)
    const waiting = await waitingSendsOfEvents(
      createDb(db),
      results.map((r) => r.id),
    )
    expect(waiting).toEqual([])
  })
})

describe('POST …/messages/{message_id}/retry', () => {
  it('puts a failed email reply back to waiting with message_updated, and the queue sends it once', async () => {
    const scene = await emailScene()
    const id = await failedReply(scene)
    const res = await retry(scene, id)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id, status: 'sent' })
    expect(res.json.content_attributes?.external_error).toBeUndefined()
    expect(await messageEventKinds(scene, id)).toContain('message_updated')
    const row = await messageRowWhen(scene, id, isSent)
    expect(row?.status).toBe('sent')
    expect(JSON.parse(row?.content_attributes ?? '{}').external_error).toBeUndefined()
    // A copy of its queue message (a duplicate, the sweep's) finds it sent and mails nothing.
    const { mailer, sent } = recordingMailer()
    expect(await deliverMailMessage(scene, id, mailer)).toEqual(['ack'])
    expect(sent).toHaveLength(0)
    expect((await messageRowWhen(scene, id, () => true))?.source_id).toBe(row?.source_id)
    // Sent now, so a second retry is refused rather than mailing it again.
    const again = await retry(scene, id)
    expect(again.status).toBe(422)
    expect(again.json.error).toBe('validation_failed')
  })

  it('refuses a message that is not a failed outgoing email reply, in the error envelope', async () => {
    const scene = await emailScene()
    const incoming = await insertMessage(scene, { messageType: 0, sourceId: 'in@customer.example' })
    const note = await insertMessage(scene, { messageType: 1, private: true })
    await (await accountDb(scene.world.accountId))
      .prepare("update messages set status = 'failed' where id = ?")
      .bind(note)
      .run()
    const waiting = await insertMessage(scene, { messageType: 1 })
    for (const id of [incoming, note, waiting]) {
      const res = await retry(scene, id)
      expect(res.status).toBe(422)
      expect(res.json).toMatchObject({ error: 'validation_failed' })
      expect(res.json.message).toMatch(/failed/)
    }
    const missing = await retry(scene, 2_000_000_000)
    expect(missing.status).toBe(404)
    expect(missing.json.error).toBe('not_found')
  })
})
