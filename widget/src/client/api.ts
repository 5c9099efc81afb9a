import { inboxPath } from '../shared/protocol'
import type {
  ApiErrorBody,
  ContactInput,
  ContactSession,
  Conversation,
  InboxConfig,
  Message,
  SubmittedValue,
} from './types'

/** A failed call. status 0 means the request never got an answer (offline, DNS, CORS). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: NonNullable<ApiErrorBody['errors']> = [],
    /** Seconds, from Retry-After on a 429. */
    readonly retryAfter?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** Worth trying again later with the same request (and the same echo_id). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500
  }
}

export interface OutgoingMessage {
  content: string
  echoId: string
  files?: readonly File[]
}

export interface ApiClientOptions {
  baseUrl: string
  inbox: string
  fetch?: typeof fetch
}

/** The public client API (`/public/api/v1/inboxes/{inbox}`), typed; no cookies are ever sent. */
export function createApiClient(options: ApiClientOptions) {
  const root = inboxPath(options.baseUrl.replace(/\/+$/, ''), options.inbox)
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const enc = encodeURIComponent

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = {
      method,
      credentials: 'omit',
      headers: { accept: 'application/json' },
    }
    if (body instanceof FormData) init.body = body
    else if (body !== undefined) {
      init.body = JSON.stringify(body)
      init.headers = { ...init.headers, 'content-type': 'application/json' }
    }
    let res: Response
    try {
      res = await doFetch(root + path, init)
    } catch (error) {
      throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error')
    }
    const raw = await res.text().catch(() => '')
    let parsed: unknown
    try {
      parsed = raw ? JSON.parse(raw) : undefined
    } catch {
      parsed = undefined
    }
    if (!res.ok) {
      const err = (parsed ?? {}) as ApiErrorBody
      const retry = Number(res.headers.get('retry-after'))
      throw new ApiError(
        res.status,
        err.error ?? `http_${res.status}`,
        err.message ?? err.description ?? (err.error || `Request failed (${res.status})`),
        err.errors ?? [],
        Number.isFinite(retry) && retry > 0 ? retry : undefined,
      )
    }
    return parsed as T
  }

  const contact = (sourceId: string) => `/contacts/${enc(sourceId)}`
  const conversation = (sourceId: string, id: number) => `${contact(sourceId)}/conversations/${id}`

  return {
    getInbox: () => request<InboxConfig>('GET', ''),
    createContact: (body: ContactInput) => request<ContactSession>('POST', '/contacts', body),
    getContact: (sourceId: string) => request<ContactSession>('GET', contact(sourceId)),
    updateContact: (sourceId: string, body: ContactInput) =>
      request<Record<string, unknown>>('PATCH', contact(sourceId), body),
    listConversations: (sourceId: string) =>
      request<Conversation[]>('GET', `${contact(sourceId)}/conversations`),
    /** `refererUrl`: the page it starts on, which agents see with the conversation. */
    createConversation: (
      sourceId: string,
      customAttributes?: Record<string, unknown>,
      refererUrl?: string,
    ) =>
      request<Conversation>('POST', `${contact(sourceId)}/conversations`, {
        ...(customAttributes ? { custom_attributes: customAttributes } : {}),
        ...(refererUrl ? { referer_url: refererUrl } : {}),
      }),
    getConversation: (sourceId: string, id: number) =>
      request<Conversation>('GET', conversation(sourceId, id)),
    resolveConversation: (sourceId: string, id: number) =>
      request<Conversation>('POST', `${conversation(sourceId, id)}/toggle_status`),
    toggleTyping: (sourceId: string, id: number, status: 'on' | 'off') =>
      request<unknown>('POST', `${conversation(sourceId, id)}/toggle_typing`, {
        typing_status: status,
      }),
    updateLastSeen: (sourceId: string, id: number) =>
      request<unknown>('POST', `${conversation(sourceId, id)}/update_last_seen`),
    listMessages: (sourceId: string, id: number, before?: number) =>
      request<Message[]>(
        'GET',
        `${conversation(sourceId, id)}/messages${before ? `?before=${before}` : ''}`,
      ),
    sendMessage(sourceId: string, id: number, message: OutgoingMessage) {
      const path = `${conversation(sourceId, id)}/messages`
      if (!message.files?.length) {
        return request<Message>('POST', path, { content: message.content, echo_id: message.echoId })
      }
      const form = new FormData()
      form.append('content', message.content)
      form.append('echo_id', message.echoId)
      for (const file of message.files) form.append('attachments[]', file, file.name)
      return request<Message>('POST', path, form)
    },
    updateMessage: (sourceId: string, id: number, messageId: number, values: SubmittedValue[]) =>
      request<Message>('PATCH', `${conversation(sourceId, id)}/messages/${messageId}`, {
        submitted_values: values,
      }),
    addLabel: (sourceId: string, label: string) =>
      request<unknown>('POST', `${contact(sourceId)}/labels`, { label }),
    removeLabel: (sourceId: string, label: string) =>
      request<unknown>('DELETE', `${contact(sourceId)}/labels/${enc(label)}`),
    triggerEvent: (sourceId: string, eventInfo: Record<string, unknown>) =>
      request<unknown>('POST', `${contact(sourceId)}/events`, {
        name: 'webwidget.triggered',
        event_info: eventInfo,
      }),
    /** The conversation's live socket; the token goes in the first frame, never in the URL. */
    liveUrl(sourceId: string, id: number, after: number): string {
      const url = new URL(`${root}${conversation(sourceId, id)}/live`)
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
      url.searchParams.set('after', String(after))
      return url.href
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
