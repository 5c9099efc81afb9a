import { conversationRoom } from '../live/stubs'

/**
 * Arms the conversation room's alarm for a stage time-limit alert (the room persists it). The
 * key names the account, so the alert finds its shard without asking every shard.
 */
export async function scheduleStageAlert(
  env: Env,
  accountId: number,
  conversationId: number,
  conversationStageId: number,
  dueAtMs: number,
) {
  await conversationRoom(env, accountId, conversationId).scheduleTimer(
    `stage:${conversationStageId}:${accountId}`,
    dueAtMs,
  )
}
