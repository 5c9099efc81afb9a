/** Arms the conversation room's alarm for a stage time-limit alert (the room persists it). */
export async function scheduleStageAlert(
  env: Env,
  conversationId: number,
  conversationStageId: number,
  dueAtMs: number,
) {
  const room = env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(String(conversationId)))
  await (
    room as unknown as { scheduleTimer(key: string, dueAt: number): Promise<void> }
  ).scheduleTimer(`stage:${conversationStageId}`, dueAtMs)
}
