import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { runScheduledWork } from '../../../worker/scheduled'
import { accountDb } from '../helpers'
import { ageMessage, isSent, messageEventKinds, messageRowWhen } from './outbound-flow-helpers'
import { emailScene, insertMessage } from './outbound-helpers'

const HOUR = 3600

describe('the cron sweep of outgoing mail', () => {
  it('queues again a reply left waiting (its queue message lost), which then goes out', async () => {
    const scene = await emailScene()
    // Written with no event and no queue message: as if the queue send after the commit died.
    const id = await insertMessage(scene, { messageType: 1, content: 'Stranded reply' })
    await ageMessage(scene, id, HOUR)
    await runScheduledWork(env, Date.now())
    const row = await messageRowWhen(scene, id, isSent)
    expect(row?.status).toBe('sent')
    expect(row?.source_id).toMatch(/@/)
  })

  it('marks a claim left by a crash failed, with the reason and message_updated, and never sends it', async () => {
    const scene = await emailScene()
    const id = await insertMessage(scene, { messageType: 1, sourceId: 'sending:dead-claim' })
    await (await accountDb(scene.world.accountId))
      .prepare("update messages set status = 'progress' where id = ?")
      .bind(id)
      .run()
    await ageMessage(scene, id, HOUR)
    await runScheduledWork(env, Date.now())
    const row = await messageRowWhen(scene, id, (r) => r.status === 'failed')
    expect(row).toMatchObject({ status: 'failed', source_id: null })
    expect(JSON.parse(row?.content_attributes ?? '{}').external_error).toBe(
      'interrupted: the send may or may not have happened',
    )
    expect(await messageEventKinds(scene, id)).toContain('message_updated')
  })

  it('leaves a young claim alone: its send may still be under way', async () => {
    const scene = await emailScene()
    const id = await insertMessage(scene, { messageType: 1, sourceId: 'sending:live-claim' })
    await (await accountDb(scene.world.accountId))
      .prepare("update messages set status = 'progress', updated_at = unixepoch() where id = ?")
      .bind(id)
      .run()
    await runScheduledWork(env, Date.now())
    const row = await messageRowWhen(scene, id, () => true)
    expect(row).toMatchObject({ status: 'progress', source_id: 'sending:live-claim' })
  })
})
