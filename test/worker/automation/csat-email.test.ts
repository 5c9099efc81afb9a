import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { csatSurvey } from '../../../worker/automation/csat'
import { runAutomations } from '../../../worker/automation/run'
import { createDb } from '../../../worker/db/client'
import { waitingSendsOfEvents } from '../../../worker/db/queries/outgoing-sends'
import { emailScene, insertMessage } from '../email/outbound-helpers'
import { accountDb, api } from '../helpers'

describe('CSAT survey of an email conversation', () => {
  it('sends a link to the rating page as an input_csat message that waits to be mailed', async () => {
    const scene = await emailScene()
    const inboxPath = `/api/v1/accounts/${scene.world.accountId}/inboxes/${scene.inboxId}`
    const setting = await api(inboxPath, {
      method: 'PATCH',
      token: scene.world.admin.token,
      body: { csat_survey_enabled: true },
    })
    expect(setting.status).toBe(200)
    await insertMessage(scene, { messageType: 0, content: 'My parcel never came' })
    const resolved = await api(
      `/api/v1/accounts/${scene.world.accountId}/conversations/${scene.displayId}/toggle_status`,
      { token: scene.world.admin.token, body: { status: 'resolved' } },
    )
    expect(resolved.status).toBe(200)

    const shard = await accountDb(scene.world.accountId)
    const { results } = await shard
      .prepare('select id from events where conversation_id = ? order by id')
      .bind(scene.conversationId)
      .all<{ id: number }>()
    const db = createDb(shard)
    const now = Math.floor(Date.now() / 1000)
    const ids = results.map((r) => r.id)
    const committed = await runAutomations(env, db, scene.world.accountId, ids, [csatSurvey], now)
    expect(committed.length).toBeGreaterThan(0)

    const survey = await shard
      .prepare(
        "select id, content, content_type, message_type, echo_id from messages where conversation_id = ? and echo_id = 'parley:csat'",
      )
      .bind(scene.conversationId)
      .first<Record<string, unknown>>()
    expect(survey).toMatchObject({ content_type: 'input_csat', message_type: 3 })
    expect(String(survey?.content)).toContain(`/survey/responses/${scene.uuid}`)
    expect(new URL(String(survey?.content).split(': ')[1] ?? '').pathname).toBe(
      `/survey/responses/${scene.uuid}`,
    )
    const waiting = await waitingSendsOfEvents(db, committed)
    expect(waiting).toContainEqual({ id: survey?.id, channel: 'email' })
  })
})
