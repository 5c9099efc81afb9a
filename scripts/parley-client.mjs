// A small client of Parley's public HTTP API and live sockets, for the crash-recovery test and the
// chaos and load scripts: an account seeded through the platform API, visitors on the public
// client API, agents' replies, webhooks and their delivery log, and sockets with `?after=`.
// Plain ESM (Node 22: global fetch and WebSocket).

/** One API call; resolves to the status, the parsed body and the time it took (ms). */
export async function call(base, pathName, { token, body, method, headers } = {}) {
  const started = performance.now()
  const res = await fetch(`${base}${pathName}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(token ? { api_access_token: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let json = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {}
  return { status: res.status, json, text, ms: performance.now() - started }
}

/** `call`, throwing unless the answer is a 200. */
export async function ok(base, pathName, options) {
  const res = await call(base, pathName, options)
  if (res.status !== 200) {
    throw new Error(`${options?.method ?? 'GET'} ${pathName}: ${res.status} ${res.text}`)
  }
  return res.json
}

/**
 * An account made through the platform API, with an administrator, `agents` agents (each its own
 * token, so each has its own rate budget) who are members of one website inbox.
 */
export async function seedAccount(base, platformToken, { agents = 1, name = 'Faults' } = {}) {
  const account = await ok(base, '/platform/api/v1/accounts', {
    token: platformToken,
    body: { name },
  })
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const user = async (role, i) => {
    const created = await ok(base, '/platform/api/v1/users', {
      token: platformToken,
      body: { name: `${role} ${i}`, email: `${role}-${i}-${tag}@faults.example.com` },
    })
    await ok(base, `/platform/api/v1/accounts/${account.id}/account_users`, {
      token: platformToken,
      body: { user_id: created.id, role },
    })
    return { id: created.id, token: created.access_token }
  }
  const admin = await user('administrator', 0)
  const agentUsers = []
  for (let i = 1; i <= agents; i++) agentUsers.push(await user('agent', i))
  const accountPath = `/api/v1/accounts/${account.id}`
  const inbox = await ok(base, `${accountPath}/inboxes`, {
    token: admin.token,
    body: { name: 'Website', channel: { type: 'web_widget', website_url: 'https://shop.test' } },
  })
  if (agentUsers.length > 0) {
    await ok(base, `${accountPath}/inbox_members`, {
      token: admin.token,
      body: { inbox_id: inbox.id, user_ids: agentUsers.map((a) => a.id) },
    })
  }
  return {
    accountId: account.id,
    accountPath,
    admin,
    agents: agentUsers,
    inboxId: inbox.id,
    identifier: inbox.inbox_identifier,
  }
}

/** An account webhook subscribed to every event kind. */
export async function createWebhook(base, scene, url) {
  const created = await ok(base, `${scene.accountPath}/webhooks`, {
    token: scene.admin.token,
    body: { url },
  })
  return created.payload.webhook
}

/** Every row of a webhook's delivery log (all pages). */
export async function deliveryLog(base, scene, webhookId) {
  const rows = []
  let before
  for (let page = 0; page < 10_000; page++) {
    const query = before ? `?before=${before}` : ''
    const res = await ok(base, `${scene.accountPath}/webhooks/${webhookId}/deliveries${query}`, {
      token: scene.admin.token,
    })
    rows.push(...res.payload)
    before = res.meta.next_before
    if (!before) break
  }
  return rows
}

const publicPath = (scene, rest) => `/public/api/v1/inboxes/${scene.identifier}${rest}`

/** A visitor with one conversation, made on the public client API from `address`. */
export async function startVisitor(base, scene, { address = '127.0.0.1', name = 'Visitor' } = {}) {
  const headers = { 'cf-connecting-ip': address }
  const contact = await ok(base, publicPath(scene, '/contacts'), { body: { name }, headers })
  const conversation = await ok(
    base,
    publicPath(scene, `/contacts/${contact.source_id}/conversations`),
    { body: {}, headers },
  )
  return {
    sourceId: contact.source_id,
    pubsubToken: contact.pubsub_token,
    displayId: conversation.id,
    conversationPath: publicPath(
      scene,
      `/contacts/${contact.source_id}/conversations/${conversation.id}`,
    ),
  }
}

/** The visitor writes a message (public client API); resolves to `call`'s answer. */
export const visitorSays = (base, visitor, content, echoId) =>
  call(base, `${visitor.conversationPath}/messages`, {
    body: { content, ...(echoId ? { echo_id: echoId } : {}) },
  })

/** An agent replies in the visitor's conversation; resolves to `call`'s answer. */
export const agentReplies = (base, scene, agent, displayId, content) =>
  call(base, `${scene.accountPath}/conversations/${displayId}/messages`, {
    token: agent.token,
    body: { content, message_type: 'outgoing' },
  })

/** Every message of a conversation as the visitor sees it, oldest first (all pages of 20). */
export async function visitorMessages(base, visitor) {
  const all = []
  let before = ''
  for (let page = 0; page < 10_000; page++) {
    const batch = await ok(base, `${visitor.conversationPath}/messages${before}`)
    all.unshift(...batch)
    if (batch.length === 0) break
    before = `?before=${batch[0].id}`
  }
  return all
}

/**
 * The visitor's live socket, from `after` (a message id; null for live frames only). `frames`
 * collects every frame; `onFrame` sees each as it comes; `ready` resolves once the server has sent
 * `ready` and the replay that follows it (a ping answered after it proves the replay is all in).
 * @param {string} base
 * @param {{ conversationPath: string, pubsubToken: string }} visitor
 * @param {{ after?: number | null, onFrame?: (frame: any) => void }} [options]
 */
export function visitorSocket(base, visitor, { after = null, onFrame } = {}) {
  const query = after === null ? '' : `?after=${after}`
  const url = `${base.replace(/^http/, 'ws')}${visitor.conversationPath}/live${query}`
  const socket = new WebSocket(url)
  const frames = []
  let pongs = 0
  let pongWaiters = []
  const closed = new Promise((resolve) => socket.addEventListener('close', (e) => resolve(e.code)))
  socket.addEventListener('open', () =>
    socket.send(JSON.stringify({ type: 'auth', token: visitor.pubsubToken })),
  )
  socket.addEventListener('message', (event) => {
    const parsed = JSON.parse(String(event.data))
    if (parsed.event === 'pong') {
      pongs++
      const waiting = pongWaiters
      pongWaiters = []
      for (const w of waiting) w()
      return
    }
    frames.push(parsed)
    onFrame?.(parsed)
  })
  const ready = new Promise((resolve, reject) => {
    const check = () => {
      if (frames.some((f) => f.event === 'ready')) {
        socket.removeEventListener('message', check)
        // Frames are handled in order: once the pong is back, the replay is complete.
        pongWaiters.push(resolve)
        socket.send(JSON.stringify({ type: 'ping' }))
      }
    }
    socket.addEventListener('message', check)
    void closed.then((code) => reject(new Error(`socket closed (${code}) before ready`)))
  })
  ready.catch(() => {})
  return {
    frames,
    ready,
    closed,
    /** Ids of the message.created frames received, in order. */
    messageIds: () => frames.filter((f) => f.event === 'message.created').map((f) => f.data.id),
    /** Resolves once every frame sent before this call has arrived. */
    barrier: () =>
      new Promise((resolve) => {
        pongWaiters.push(resolve)
        socket.send(JSON.stringify({ type: 'ping' }))
      }),
    pongs: () => pongs,
    close: () => socket.close(),
  }
}
