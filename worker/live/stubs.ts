/**
 * The one place Durable Object stubs are named: a conversation's room by its account AND the
 * conversation's table id, an account's feed by the account id. Everything that talks to a room
 * or a feed gets its stub here, so the naming can never drift between the writer and the sockets.
 *
 * The account is part of a room's name because a table id alone does not name one conversation:
 * the directory and shard 0 number their rows from the same start, and an account moved between
 * shards keeps its ids, so two databases can hold a conversation with the same id. Each room also
 * remembers whom it serves and refuses anything else (`../durable-objects/conversation-room.ts`).
 */
export function conversationRoom(env: Env, accountId: number, conversationId: number) {
  return env.CONVERSATION_ROOM.get(
    env.CONVERSATION_ROOM.idFromName(roomName(accountId, conversationId)),
  )
}

/**
 * The room a first-frame socket is handed to when its path names no conversation of the account:
 * it holds nothing and answers exactly as a real room does until the socket authenticates (then
 * 4410), so a stranger cannot tell which ids exist. Named by the guessed display id, so each
 * guess is bounded like a real room (pending cap, deadline) and none crowds out another.
 */
export function guessRoom(env: Env, accountId: number, displayId: number) {
  return env.CONVERSATION_ROOM.get(
    env.CONVERSATION_ROOM.idFromName(`${accountId}:guess:${displayId}`),
  )
}

/** A room's name: `<account id>:<conversation table id>`. */
export const roomName = (accountId: number, conversationId: number) =>
  `${accountId}:${conversationId}`

export function accountFeed(env: Env, accountId: number) {
  return env.ACCOUNT_FEED.get(env.ACCOUNT_FEED.idFromName(String(accountId)))
}
