import { SELF } from 'cloudflare:test'
import { expect } from 'vitest'
import { accountDb } from './helpers'

export type Frame = { event: string; data: Record<string, unknown> }

let sockets = 0
/**
 * A client address for each socket (203.0.113.0/24 is for documentation), so the per-address
 * limit on upgrades never joins sockets of different tests; a test may pass its own.
 */
const socketAddress = () => `203.0.${113 + Math.floor(sockets / 250)}.${(sockets++ % 250) + 1}`

/** A WebSocket opened through the worker's fetch, collecting every frame it receives. */
export async function openSocket(path: string, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`http://parley.test${path}`, {
    headers: { upgrade: 'websocket', 'cf-connecting-ip': socketAddress(), ...headers },
  })
  const ws = res.webSocket
  if (!ws) return { status: res.status, body: await res.text(), socket: null }
  ws.accept()
  const frames: Frame[] = []
  const closed: { code?: number } = {}
  ws.addEventListener('message', (e) => {
    frames.push(JSON.parse(String(e.data)) as Frame)
  })
  ws.addEventListener('close', (e) => {
    closed.code = e.code
  })
  const socket = {
    ws,
    frames,
    closed,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    /** Waits until a frame with this event (after `from` frames) arrives. */
    async next(event: string, from = 0, ms = 5000): Promise<Frame> {
      const until = Date.now() + ms
      for (;;) {
        const found = frames.slice(from).find((f) => f.event === event)
        if (found) return found
        if (Date.now() > until) throw new Error(`no ${event} frame; got ${JSON.stringify(frames)}`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    /** Waits until the socket is closed (by the server or itself); the close code. */
    async closeCode(ms = 5000): Promise<number> {
      const until = Date.now() + ms
      for (;;) {
        if (closed.code !== undefined) return closed.code
        if (Date.now() > until) throw new Error(`not closed; got ${JSON.stringify(frames)}`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    /**
     * Waits until the server has handled everything sent before now: a ping's pong comes after
     * every frame the socket was sent before the ping was read (a replay included).
     */
    async flush() {
      const from = frames.length
      ws.send(JSON.stringify({ type: 'ping' }))
      await socket.next('pong', from)
    },
    close: () => ws.close(1000, 'done'),
  }
  return { status: res.status, body: '', socket }
}

/**
 * Waits until every event of the account is published: publishing broadcasts to the sockets
 * before it marks the event, so after this (and a `flush`) no frame of them is still coming.
 */
export async function allPublished(accountId: number) {
  const db = await accountDb(accountId)
  await expect
    .poll(
      async () =>
        (
          await db
            .prepare(
              'select count(*) as n from events where account_id = ? and published_at is null',
            )
            .bind(accountId)
            .first<{ n: number }>()
        )?.n,
      { timeout: 10_000, interval: 20 },
    )
    .toBe(0)
}

/** A message row straight in D1 (the REST path is tested elsewhere). */
export async function insertMessage(
  conversation: { id: number; inboxId: number },
  accountId: number,
  values: { content: string; type?: number; private?: boolean },
) {
  const row = await (await accountDb(accountId))
    .prepare(
      'insert into messages (account_id, inbox_id, conversation_id, message_type, content, private) values (?, ?, ?, ?, ?, ?) returning id',
    )
    .bind(
      accountId,
      conversation.inboxId,
      conversation.id,
      values.type ?? 1,
      values.content,
      values.private ? 1 : 0,
    )
    .first<{ id: number }>()
  return row!.id
}
