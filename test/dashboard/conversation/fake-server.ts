import type { Conversation, Message } from '../../../dashboard/src/api/schema'
import { FakeFunnels } from './fake-funnels'

export const ACCOUNT = 1
export const DISPLAY_ID = 7
export const ME = { id: 5, name: 'Jane Agent' }

export interface Call {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

type Handler = (call: Call) => { status?: number; body: unknown } | undefined

export function message(id: number, extra: Partial<Message> = {}): Message {
  return {
    id,
    content: `message ${id}`,
    inbox_id: 1,
    conversation_id: DISPLAY_ID,
    message_type: 0,
    content_type: 'text',
    status: 'sent',
    content_attributes: {},
    created_at: 1_763_000_000 + id,
    private: false,
    source_id: null,
    sender: {
      id: 12,
      name: 'Alex Visitor',
      type: 'contact',
      additional_attributes: {},
      custom_attributes: {},
      email: null,
      identifier: null,
      phone_number: null,
      thumbnail: '',
      blocked: false,
    },
    ...extra,
  }
}

export function conversation(extra: Partial<Conversation> = {}): Conversation {
  return {
    id: DISPLAY_ID,
    account_id: ACCOUNT,
    uuid: 'c-7',
    inbox_id: 1,
    status: 'open',
    priority: null,
    labels: [],
    snoozed_until: null,
    additional_attributes: {},
    custom_attributes: {},
    agent_last_seen_at: 0,
    assignee_last_seen_at: 0,
    contact_last_seen_at: 0,
    can_reply: true,
    muted: false,
    messages: [],
    created_at: 1_763_000_000,
    updated_at: 1_763_000_000,
    timestamp: 1_763_000_000,
    first_reply_created_at: 0,
    unread_count: 0,
    last_activity_at: 1_763_000_000,
    waiting_since: 0,
    sla_policy_id: null,
    last_non_activity_message: null as never,
    meta: {
      sender: {
        id: 12,
        name: 'Alex Visitor',
        email: 'alex@example.com',
        phone_number: '+14155550123',
        additional_attributes: {},
        custom_attributes: { plan: 'pro' },
        availability_status: 'online',
        blocked: false,
        identifier: null,
        thumbnail: '',
      },
      channel: 'Channel::WebWidget',
      hmac_verified: false,
      reply_refusal: null,
    },
    ...extra,
  }
}

/**
 * The API as the pane sees it: a conversation with messages paged by cursor as the worker does
 * (no cursor: the latest 20; `before`: 20 older; `after`: up to 100 newer), plus recorded calls.
 * A test overrides any route with `on(method, pathEnd, handler)`.
 */
export class FakeServer {
  calls: Call[] = []
  messages: Message[] = []
  conversation = conversation()
  funnels = new FakeFunnels()
  canned = [
    { id: 1, short_code: 'hello', content: 'Hello! How can I help?' },
    { id: 2, short_code: 'help', content: 'Our help centre is at example.com/help' },
  ]
  private handlers: { method: string; pathEnd: string; handler: Handler }[] = []
  private nextId = 100_000

  private gates: { method: string; pathEnd: string; open: Promise<void> }[] = []

  /** Holds back the answers to matching requests until the returned function is called. */
  hold(method: string, pathEnd: string): () => void {
    let release: () => void = () => {}
    const open = new Promise<void>((resolve) => {
      release = resolve
    })
    this.gates.push({ method, pathEnd, open })
    return release
  }

  on(method: string, pathEnd: string, handler: Handler) {
    this.handlers.unshift({ method, pathEnd, handler })
  }

  callsTo(method: string, pathEnd: string): Call[] {
    return this.calls.filter((c) => c.method === method && c.path.endsWith(pathEnd))
  }

  fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init)
    const url = new URL(request.url)
    const type = request.headers.get('content-type') ?? ''
    let body: unknown
    if (request.method !== 'GET' && type.includes('json')) body = await request.json()
    else if (request.method !== 'GET' && type.includes('multipart')) body = await request.formData()
    const call = { method: request.method, path: url.pathname, query: url.searchParams, body }
    this.calls.push(call)
    for (const gate of this.gates) {
      if (gate.method === call.method && call.path.endsWith(gate.pathEnd)) await gate.open
    }
    for (const { method, pathEnd, handler } of this.handlers) {
      if (method !== call.method || !call.path.endsWith(pathEnd)) continue
      const answer = handler(call)
      if (answer) return json(answer.body, answer.status ?? 200)
    }
    const answer = this.route(call)
    return answer ? json(answer.body, answer.status ?? 200) : json({ error: 'not_found' }, 404)
  }

  private route(call: Call): { status?: number; body: unknown } | undefined {
    const base = `/api/v1/accounts/${ACCOUNT}`
    const one = `${base}/conversations/${DISPLAY_ID}`
    const { method, path } = call
    if (method === 'GET' && path === one) return { body: this.conversation }
    if (method === 'GET' && path === `${one}/messages`)
      return { body: { meta: {}, payload: this.page(call.query) } }
    if (method === 'POST' && path === `${one}/messages`) {
      const input = call.body as { content: string; private: boolean; echo_id: string }
      const saved = message(this.nextId++, {
        content: input.content,
        private: input.private,
        echo_id: input.echo_id,
        message_type: 1,
        sender: undefined,
      })
      this.messages.push(saved)
      return { body: saved }
    }
    if (method === 'POST' && path === `${one}/update_last_seen`) return { body: this.conversation }
    if (method === 'POST' && path === `${one}/toggle_status`) {
      const input = call.body as { status: Conversation['status']; snoozed_until?: number }
      return {
        body: {
          meta: {},
          payload: {
            success: true,
            conversation_id: DISPLAY_ID,
            current_status: input.status,
            snoozed_until: input.snoozed_until ?? null,
          },
        },
      }
    }
    if (method === 'POST' && path === `${one}/toggle_priority`) return { body: {} }
    if (method === 'POST' && path === `${one}/labels`)
      return { body: { payload: (call.body as { labels: string[] }).labels } }
    if (method === 'POST' && path === `${one}/assignments`) {
      const input = call.body as { assignee_id?: number | null; team_id?: number | null }
      if (input.assignee_id) return { body: agent(input.assignee_id) }
      if (input.team_id) return { body: { ...team(input.team_id), is_member: undefined } }
      return { body: null }
    }
    if (method === 'GET' && path === `${base}/agents`) return { body: [agent(5), agent(6)] }
    if (method === 'GET' && path === `${base}/teams`) return { body: [team(2)] }
    if (method === 'GET' && path === `${base}/labels`)
      return { body: { payload: [label(1, 'billing'), label(2, 'vip')] } }
    if (method === 'GET' && path === `${base}/contacts/12`)
      return { body: { payload: this.conversation.meta.sender } }
    if (method === 'GET' && path === `${base}/contacts/12/conversations`)
      return { body: { payload: [this.conversation, conversation({ id: 3, status: 'resolved' })] } }
    if (method === 'GET' && path === `${base}/canned_responses`) {
      const search = (call.query.get('search') ?? '').toLowerCase()
      return { body: this.canned.filter((c) => c.short_code.includes(search)) }
    }
    return this.funnels.route(call)
  }

  private page(query: URLSearchParams): Message[] {
    const sorted = [...this.messages].sort((a, b) => a.id - b.id)
    const before = Number(query.get('before')) || 0
    const after = Number(query.get('after')) || 0
    if (before) return sorted.filter((m) => m.id < before).slice(-20)
    if (after) return sorted.filter((m) => m.id > after).slice(0, 100)
    return sorted.slice(-20)
  }
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

export function agent(id: number) {
  return {
    id,
    account_id: ACCOUNT,
    availability_status: 'online',
    auto_offline: false,
    confirmed: true,
    email: `agent${id}@example.com`,
    provider: 'email',
    available_name: id === ME.id ? ME.name : `Agent ${id}`,
    name: id === ME.id ? ME.name : `Agent ${id}`,
    role: 'agent',
    thumbnail: '',
  }
}

export function team(id: number) {
  return {
    id,
    name: 'sales',
    description: null,
    allow_auto_assign: true,
    account_id: ACCOUNT,
    is_member: true,
  }
}

function label(id: number, title: string) {
  return { id, title, description: null, color: '#1f5fbf', show_on_sidebar: true }
}
