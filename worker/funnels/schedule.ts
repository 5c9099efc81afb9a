import { conversationRoom } from '../live/stubs'

/** Arms the conversation room's alarm for a stage time-limit alert (the room persists it). */
export async function scheduleStageAlert(
  env: Env,
  conversationId: number,
  conversationStageId: number,
  dueAtMs: number,
) {
  await conversationRoom(env, conversationId).scheduleTimer(`stage:${conversationStageId}`, dueAtMs)
}
