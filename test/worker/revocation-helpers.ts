import { expect } from 'vitest'
import {
  addInboxMember,
  conversationsPath,
  createInbox,
  insertContact,
  messagesPath,
} from './conversation-helpers'
import { api, createWorld, type World } from './helpers'
import { openSocket } from './live-helpers'

export type Socket = NonNullable<Awaited<ReturnType<typeof openSocket>>['socket']>

/** How a socket authenticates: the api_access_token header, or a first frame (browsers, bots). */
export type AuthBy = 'header' | 'frame'

export const feedPath = (world: World) => `/api/v1/accounts/${world.accountId}/live`
export const roomPath = (world: World, displayId: number) =>
  `${conversationsPath(world)}/${displayId}/live`

/** An open socket that has been told `ready`. */
export async function liveSocket(path: string, token: string, by: AuthBy = 'header') {
  const opened = await openSocket(path, by === 'header' ? { api_access_token: token } : {})
  expect(opened.status).toBe(101)
  const socket = opened.socket as Socket
  if (by === 'frame') socket.send({ type: 'auth', token })
  await socket.next('ready')
  return socket
}

/** A conversation the administrator opens in the inbox; its display id. */
export async function newConversation(world: World, inboxId: number) {
  const res = await api(conversationsPath(world), {
    token: world.admin.token,
    body: { inbox_id: inboxId, contact_id: await insertContact(world.accountId) },
  })
  expect(res.status).toBe(200)
  return res.json.id as number
}

/** An account whose agent is a member of two inboxes, each with a conversation. */
export async function twoInboxes() {
  const world = await createWorld()
  const scopes = []
  for (let i = 0; i < 2; i++) {
    const inbox = await createInbox(world)
    await addInboxMember(world, inbox.id, world.agent.id)
    scopes.push({ inboxId: inbox.id, displayId: await newConversation(world, inbox.id) })
  }
  const [a, b] = scopes as [(typeof scopes)[0], (typeof scopes)[0]]
  return { world, a, b }
}

/** The administrator posts a message in the conversation; its id. */
export async function post(world: World, displayId: number, content = 'hello') {
  const res = await api(messagesPath(world, displayId), {
    token: world.admin.token,
    body: { content },
  })
  expect(res.status).toBe(200)
  return res.json.id as number
}

export const messageIds = (socket: Socket) =>
  socket.frames.filter((f) => f.event === 'message.created').map((f) => f.data.id)

/** Waits for message `id` on the socket. */
export async function received(socket: Socket, id: number) {
  for (let from = 0; ; ) {
    const next = await socket.next('message.created', from)
    if (next.data.id === id) return
    from = socket.frames.indexOf(next) + 1
  }
}

/**
 * Proves `socket` was not sent message `id`: a `witness` socket of the same Durable Object that
 * may see it received it (so its broadcast is over), then a later message the socket may still
 * see arrived on it. Frames on one socket keep their order, so `id` would have come first.
 */
export async function expectSkipped(
  socket: Socket,
  id: number,
  witness: Socket,
  sendAllowed: () => Promise<number>,
) {
  await received(witness, id)
  await received(socket, await sendAllowed())
  expect(messageIds(socket)).not.toContain(id)
  expect(socket.closed.code).toBeUndefined()
}

/**
 * Proves a refused socket got its error frame, was closed with `code`, and was not sent the
 * message `id` that `witness` (still allowed) received after the close.
 */
export async function expectRefused(
  socket: Socket,
  code: number,
  error: string,
  witness: Socket,
  id: () => Promise<number>,
) {
  expect(await socket.closeCode()).toBe(code)
  const frames = socket.frames.map((f) => f.event)
  expect(frames.at(-1)).toBe('error')
  expect(socket.frames.at(-1)?.data.code).toBe(error)
  const later = await id()
  await received(witness, later)
  expect(messageIds(socket)).not.toContain(later)
  expect(socket.frames.map((f) => f.event)).toEqual(frames)
}
