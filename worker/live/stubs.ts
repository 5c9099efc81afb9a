/**
 * The one place Durable Object stubs are named: a conversation's room by the conversation's table
 * id, an account's feed by the account id. Everything that talks to a room or a feed gets its stub
 * here, so the naming can never drift between the writer and the sockets.
 */
export function conversationRoom(env: Env, conversationId: number) {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(String(conversationId)))
}

export function accountFeed(env: Env, accountId: number) {
  return env.ACCOUNT_FEED.get(env.ACCOUNT_FEED.idFromName(String(accountId)))
}
