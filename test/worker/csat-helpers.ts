import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { csatSurvey } from '../../worker/automation/csat'
import { runAutomations } from '../../worker/automation/run'
import { createDb } from '../../worker/db/client'
import { messageRows } from './conversation-helpers'
import { api, shardOfRow, type World } from './helpers'
import {
  conversationOf,
  createPublicInbox,
  createVisitor,
  type PublicInbox,
  publicScene,
  startConversation,
} from './public-helpers'

/** A visitor's conversation in a website inbox (the CSAT survey on unless `settings` say). */
export async function csatScene(
  settings: Record<string, unknown> = { csat_survey_enabled: true },
  existing?: { world: World; inbox?: PublicInbox },
) {
  const { world, inbox } = existing
    ? {
        world: existing.world,
        inbox:
          existing.inbox ?? (await createPublicInbox(existing.world, 'web_widget', { settings })),
      }
    : await publicScene('web_widget', { settings })
  const visitor = await createVisitor(inbox, { name: 'Mia' })
  const conversation = await startConversation(inbox, visitor)
  const path = `${conversationOf(visitor, conversation.displayId)}/messages`
  return { world, inbox, visitor, conversation, path }
}

export type CsatScene = Awaited<ReturnType<typeof csatScene>>

export async function setStatus(s: CsatScene, status: string) {
  const res = await api(
    `/api/v1/accounts/${s.world.accountId}/conversations/${s.conversation.displayId}/toggle_status`,
    { token: s.world.admin.token, body: { status } },
  )
  expect(res.status).toBe(200)
}

/** Runs the survey on every event of the conversation so far, as a publish (or a sweep) would. */
export async function runSurvey(s: CsatScene, now = Math.floor(Date.now() / 1000)) {
  const { results } = await shardOfRow(s.conversation.id)
    .prepare('select id from events where conversation_id = ? order by id')
    .bind(s.conversation.id)
    .all<{ id: number }>()
  const db = createDb(shardOfRow(s.conversation.id))
  const ids = results.map((r) => r.id)
  return runAutomations(env, db, s.world.accountId, ids, [csatSurvey], now)
}

export const surveys = async (conversationId: number) =>
  (await messageRows(conversationId)).filter(
    (m: Record<string, unknown>) => m.content_type === 'input_csat',
  )

/**
 * A conversation the visitor wrote in, held by `assigneeId`, resolved, surveyed and answered
 * with `rating` and `feedback`; returns the scene and the survey message's id.
 */
export async function answeredSurvey(
  scene: CsatScene,
  assigneeId: number | null,
  rating: number,
  feedback: string,
) {
  await scene.inbox.call(scene.path, { body: { content: 'Hello' } })
  if (assigneeId !== null) {
    const res = await api(
      `/api/v1/accounts/${scene.world.accountId}/conversations/${scene.conversation.displayId}/assignments`,
      { token: scene.world.admin.token, body: { assignee_id: assigneeId } },
    )
    expect(res.status).toBe(200)
  }
  await setStatus(scene, 'resolved')
  await runSurvey(scene)
  const [survey] = await surveys(scene.conversation.id)
  const res = await scene.inbox.call(`${scene.path}/${survey!.id}`, {
    method: 'PATCH',
    body: { submitted_values: [{ csat_survey_response: { rating, feedback_message: feedback } }] },
  })
  expect(res.status).toBe(200)
  return survey!.id as number
}
