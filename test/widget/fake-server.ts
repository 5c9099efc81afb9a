import type { Conversation, InboxConfig, Message } from '../../widget/src/client/types'

interface Contact {
  id: number
  source_id: string
  pubsub_token: string
  name?: string
  email?: string
  phone_number?: string
  identifier?: string
  custom_attributes: Record<string, unknown>
  labels: string[]
}

interface StoredConversation extends Conversation {
  sourceId: string
}

export interface Recorded {
  method: string
  path: string
  body: unknown
}

const BASE = 'https://chat.example.test'
export const INBOX = 'inbox-token-1'
export const ROOT = `${BASE}/public/api/v1/inboxes/${INBOX}`

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/**
 * An in-memory public client API that behaves like the contract the widget is built against:
 * contacts, conversations, messages (deduplicated by echo_id), labels, events.
 */
export class FakeServer {
  readonly baseUrl = BASE
  readonly inbox = INBOX
  config: InboxConfig = {
    identifier: INBOX,
    name: 'Acme Support',
    widget_color: '#1f5fbf',
    welcome_title: 'Welcome to Acme',
    welcome_tagline: 'We reply fast',
    reply_time: 'in_a_few_minutes',
    pre_chat_form_enabled: false,
    pre_chat_form_options: { pre_chat_message: '', pre_chat_fields: [] },
    locale: 'en',
  }
  contacts = new Map<string, Contact>()
  conversations: StoredConversation[] = []
  messages: Message[] = []
  requests: Recorded[] = []
  offline = false
  /** The inbox's allow_messages_after_resolved: off, a message to a resolved conversation starts a new one. */
  allowMessagesAfterResolved = true
  /** Answers the next matching requests with this error instead. */
  failures: { match: RegExp; status: number; body?: unknown; headers?: Record<string, string> }[] =
    []
  private nextId = 100
  private conversationSeq = 0
  private clock = 1_700_000_000

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input))
    const method = (init.method ?? 'GET').toUpperCase()
    const path = url.pathname.slice(new URL(ROOT).pathname.length)
    const body =
      init.body instanceof FormData
        ? init.body
        : typeof init.body === 'string'
          ? JSON.parse(init.body)
          : undefined
    this.requests.push({ method, path: path + url.search, body })
    if (this.offline) throw new TypeError('Failed to fetch')
    const failure = this.failures.find((f) => f.match.test(`${method} ${path}`))
    if (failure) {
      this.failures.splice(this.failures.indexOf(failure), 1)
      return json(
        failure.body ?? { error: 'failed', message: 'Failed' },
        failure.status,
        failure.headers,
      )
    }
    return this.route(method, path, url.searchParams, body)
  }

  calls(method: string, pattern: RegExp): Recorded[] {
    return this.requests.filter((r) => r.method === method && pattern.test(r.path))
  }

  private tick(): number {
    this.clock += 1
    return this.clock
  }

  addContact(fields: Partial<Contact> = {}): Contact {
    const id = this.nextId++
    const contact: Contact = {
      id,
      source_id: `source-${id}`,
      pubsub_token: `pubsub-${id}`,
      custom_attributes: {},
      labels: [],
      ...fields,
    }
    this.contacts.set(contact.source_id, contact)
    return contact
  }

  addConversation(sourceId: string, fields: Partial<Conversation> = {}): StoredConversation {
    const id = ++this.conversationSeq
    const conversation: StoredConversation = {
      id,
      uuid: `uuid-${id}`,
      inbox_id: 1,
      status: 'open',
      contact_last_seen_at: 0,
      agent_last_seen_at: 0,
      sourceId,
      ...fields,
    }
    this.conversations.push(conversation)
    return conversation
  }

  /** A message as the server would store it (an agent's reply unless told otherwise). */
  addMessage(conversationId: number, fields: Partial<Message> = {}): Message {
    const message: Message = {
      id: this.nextId++,
      content: 'Hello from an agent',
      message_type: 1,
      content_type: 'text',
      content_attributes: {},
      created_at: this.tick(),
      conversation_id: conversationId,
      status: 'sent',
      sender: { id: 7, name: 'Ana', available_name: 'Ana', type: 'user' },
      ...fields,
    }
    this.messages.push(message)
    return message
  }

  private route(method: string, path: string, query: URLSearchParams, body: unknown): Response {
    const b = (body ?? {}) as Record<string, unknown>
    if (method === 'GET' && path === '') return json(this.config)
    if (method === 'POST' && path === '/contacts') {
      const contact = this.addContact({
        name: b.name as string,
        email: b.email as string,
        phone_number: b.phone_number as string,
        identifier: b.identifier as string,
        custom_attributes: (b.custom_attributes as Record<string, unknown>) ?? {},
      })
      return json(this.contactJson(contact))
    }
    const m = path.match(/^\/contacts\/([^/]+)(\/.*)?$/)
    const contact = m ? this.contacts.get(decodeURIComponent(m[1] as string)) : undefined
    if (!m || !contact) return json({ error: 'not_found', message: 'Not found' }, 404)
    const rest = m[2] ?? ''
    if (rest === '') {
      if (method === 'GET') return json(this.contactJson(contact))
      if (method === 'PATCH') {
        const { custom_attributes, ...fields } = b
        Object.assign(contact, fields)
        contact.custom_attributes = {
          ...contact.custom_attributes,
          ...(custom_attributes as Record<string, unknown>),
        }
        return json({ id: contact.id, name: contact.name, email: contact.email })
      }
    }
    if (rest === '/events' && method === 'POST') return json({})
    if (rest === '/labels' && method === 'POST') {
      contact.labels.push(b.label as string)
      return json({})
    }
    const label = rest.match(/^\/labels\/(.+)$/)
    if (label && method === 'DELETE') {
      contact.labels = contact.labels.filter((l) => l !== decodeURIComponent(label[1] as string))
      return json({})
    }
    if (rest === '/conversations') {
      if (method === 'GET') {
        return json(
          this.conversations
            .filter((c) => c.sourceId === contact.source_id)
            .map((c) => this.conversationJson(c)),
        )
      }
      if (method === 'POST')
        return json(this.conversationJson(this.addConversation(contact.source_id)))
    }
    const c = rest.match(/^\/conversations\/(\d+)(\/.*)?$/)
    const conversation = c
      ? this.conversations.find((x) => x.id === Number(c[1]) && x.sourceId === contact.source_id)
      : undefined
    if (!c || !conversation) return json({ error: 'not_found', message: 'Not found' }, 404)
    const action = c[2] ?? ''
    if (action === '' && method === 'GET') return json(this.conversationJson(conversation))
    if (action === '/toggle_status') {
      conversation.status = 'resolved'
      return json(this.conversationJson(conversation))
    }
    if (action === '/toggle_typing' || action === '/update_last_seen') return json(undefined)
    if (action === '/messages' && method === 'GET') {
      const before = Number(query.get('before') ?? Number.POSITIVE_INFINITY)
      const page = this.messages
        .filter((x) => x.conversation_id === conversation.id && x.id < before)
        .slice(-20)
      return json(page)
    }
    if (action === '/messages' && method === 'POST')
      return json(this.postMessage(conversation, body))
    const patch = action.match(/^\/messages\/(\d+)$/)
    if (patch && method === 'PATCH') {
      const message = this.messages.find((x) => x.id === Number(patch[1]))
      if (!message) return json({ error: 'not_found', message: 'Not found' }, 404)
      message.content_attributes = {
        ...message.content_attributes,
        submitted_values: b.submitted_values,
      }
      return json(message)
    }
    return json({ error: 'not_found', message: `No route ${method} ${path}` }, 404)
  }

  private postMessage(conversation: StoredConversation, body: unknown): Message {
    const form = body instanceof FormData ? body : undefined
    const b = (body ?? {}) as Record<string, unknown>
    const echoId = (form?.get('echo_id') as string | null) ?? (b.echo_id as string)
    const existing = this.messages.find((x) => x.echo_id === echoId && echoId)
    if (existing) return existing
    const files = (form?.getAll('attachments[]') ?? []) as File[]
    const target =
      conversation.status === 'resolved' && !this.allowMessagesAfterResolved
        ? this.addConversation(conversation.sourceId)
        : conversation
    return this.addMessage(target.id, {
      content: (form?.get('content') as string | null) ?? (b.content as string),
      message_type: 0,
      echo_id: echoId,
      sender: { id: 1, name: 'Visitor', type: 'contact' },
      attachments: files.map((file, index) => ({
        id: index + 1,
        file_type: file.type.startsWith('image/') ? 'image' : 'file',
        data_url: `${BASE}/files/${file.name}`,
        thumb_url: `${BASE}/files/thumb-${file.name}`,
        file_size: file.size,
        extension: file.name.split('.').pop() ?? null,
      })),
    })
  }

  private contactJson(contact: Contact) {
    return {
      source_id: contact.source_id,
      pubsub_token: contact.pubsub_token,
      id: contact.id,
      name: contact.name ?? null,
      email: contact.email ?? null,
      phone_number: contact.phone_number ?? null,
    }
  }

  private conversationJson(conversation: StoredConversation): Conversation {
    const { sourceId: _, ...rest } = conversation
    return { ...rest, messages: this.messages.filter((m) => m.conversation_id === rest.id) }
  }
}
