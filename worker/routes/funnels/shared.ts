import type { Context } from 'hono'
import { findFunnelWithStages } from '../../db/queries/funnels'
import type { AppEnv } from '../../env'
import { apiError } from '../../errors'
import { scheduleStageAlert } from '../../funnels/schedule'
import { stageAlertDueAt } from '../../funnels/stage-alerts'
import { requestLog } from '../../middleware/request-log'

export const funnelTags = ['Funnels']
export const funnelsBase = '/api/v1/accounts/{account_id}/funnels'
export const conversationBase = '/api/v1/accounts/{account_id}/conversations/{conversation_id}'

/** At most this many funnels per account and stages per funnel, so lists stay unpaginated. */
export const MAX_FUNNELS_PER_ACCOUNT = 100
export const MAX_STAGES_PER_FUNNEL = 50
export const MAX_CHECKLIST_ITEMS_PER_STAGE = 100

/** Runs after the response; failures are logged, never surfaced. */
export function afterResponse(c: Context<AppEnv>, work: () => Promise<unknown>) {
  const guarded = (async () => {
    try {
      await work()
    } catch (error) {
      requestLog(c).warn('funnel background work failed', { error })
    }
  })()
  try {
    c.executionCtx.waitUntil(guarded)
  } catch {
    // No execution context (app.request in unit tests): it runs on its own.
  }
}

type Arm = { conversationId: number; placementId: number; enteredAt: number }

/** Arms the stage time-limit alerts of placements (conversation table ids) in a stage. */
export function armStageAlerts(
  c: Context<AppEnv>,
  timeLimitMinutes: number | null,
  placements: Arm[],
) {
  if (timeLimitMinutes === null || placements.length === 0) return
  afterResponse(c, async () => {
    let failed = 0
    let lastError: unknown
    for (const p of placements) {
      const dueAt = stageAlertDueAt(p.enteredAt, timeLimitMinutes)
      if (dueAt === null) continue
      try {
        await scheduleStageAlert(c.env, c.var.accountId, p.conversationId, p.placementId, dueAt)
      } catch (error) {
        failed++
        lastError = error
      }
    }
    if (failed > 0) throw new Error(`${failed} stage alert(s) not armed: ${String(lastError)}`)
  })
}

/** The funnel with its ordered stages, or 404. */
export async function funnelOr404(c: Context<AppEnv>, funnelId: number) {
  const found = await findFunnelWithStages(c.var.db, c.var.accountId, funnelId)
  if (!found) throw apiError('not_found', `Funnel ${funnelId} not found`)
  return found
}

/** A stage of the funnel (and the funnel with its stages), or 404. */
export async function stageOr404(c: Context<AppEnv>, funnelId: number, id: number) {
  const found = await funnelOr404(c, funnelId)
  const stage = found.stages.find((s) => s.id === id)
  if (!stage) throw apiError('not_found', `Stage ${id} not found`)
  return { ...found, stage }
}
