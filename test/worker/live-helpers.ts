import { env, SELF } from 'cloudflare:test'

export type Frame = { event: string; data: Record<string, unknown> }

/** A WebSocket opened through the worker's fetch, collecting every frame it receives. */
export async function openSocket(path: string, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`http://parley.test${path}`, {
    headers: { upgrade: 'websocket', ...headers },
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
    async settle(ms = 150) {
      await new Promise((r) => setTimeout(r, ms))
    },
    close: () => ws.close(1000, 'done'),
  }
  return { status: res.status, body: '', socket }
}

/** A message row straight in D1 (the REST path is tested elsewhere). */
export async function insertMessage(
  conversation: { id: number; inboxId: number },
  accountId: number,
  values: { content: string; type?: number; private?: boolean },
) {
  const row = await env.DB.prepare(
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
