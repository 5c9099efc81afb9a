import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient } from '../../../widget/src/client/api'

function fakeFetch(status = 200, body: unknown = {}, headers: Record<string, string> = {}) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const text = body === undefined ? '' : JSON.stringify(body)
    return new Response(text, { status, headers })
  })
}

const client = (fetch: ReturnType<typeof fakeFetch>, baseUrl = 'https://chat.example.test/') =>
  createApiClient({ baseUrl, inbox: 'in box', fetch })

describe('createApiClient', () => {
  it('calls the public client API under the inbox, JSON in and out, without cookies', async () => {
    const fetch = fakeFetch(200, { source_id: 's1', pubsub_token: 'p1', id: 3 })
    const contact = await client(fetch).createContact({ name: 'Ada', email: 'a@example.test' })
    expect(contact).toEqual({ source_id: 's1', pubsub_token: 'p1', id: 3 })
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('https://chat.example.test/public/api/v1/inboxes/in%20box/contacts')
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('omit')
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' })
    expect(JSON.parse(init.body as string)).toEqual({ name: 'Ada', email: 'a@example.test' })
  })

  it('builds every path of the contract', async () => {
    const fetch = fakeFetch(200, [])
    const api = client(fetch)
    await api.getInbox()
    await api.getContact('s/1')
    await api.updateContact('s1', { identifier: 'u1', identifier_hash: 'h' })
    await api.listConversations('s1')
    await api.createConversation('s1', { plan: 'pro' }, 'https://shop.test/p')
    await api.getConversation('s1', 4)
    await api.resolveConversation('s1', 4)
    await api.toggleTyping('s1', 4, 'off')
    await api.updateLastSeen('s1', 4)
    await api.listMessages('s1', 4)
    await api.listMessages('s1', 4, 120)
    await api.sendMessage('s1', 4, { content: 'hi', echoId: 'e1' })
    await api.updateMessage('s1', 4, 9, [{ name: 'rating', value: '5' }])
    await api.addLabel('s1', 'vip')
    await api.removeLabel('s1', 'needs help')
    await api.triggerEvent('s1', { referer_url: 'https://x.test' })
    const calls = fetch.mock.calls.map(([url, init]) => {
      const path = String(url).replace(
        'https://chat.example.test/public/api/v1/inboxes/in%20box',
        '',
      )
      return `${init?.method} ${path} ${init?.body ?? ''}`.trim()
    })
    expect(calls).toEqual([
      'GET',
      'GET /contacts/s%2F1',
      'PATCH /contacts/s1 {"identifier":"u1","identifier_hash":"h"}',
      'GET /contacts/s1/conversations',
      'POST /contacts/s1/conversations {"custom_attributes":{"plan":"pro"},"referer_url":"https://shop.test/p"}',
      'GET /contacts/s1/conversations/4',
      'POST /contacts/s1/conversations/4/toggle_status',
      'POST /contacts/s1/conversations/4/toggle_typing {"typing_status":"off"}',
      'POST /contacts/s1/conversations/4/update_last_seen',
      'GET /contacts/s1/conversations/4/messages',
      'GET /contacts/s1/conversations/4/messages?before=120',
      'POST /contacts/s1/conversations/4/messages {"content":"hi","echo_id":"e1"}',
      'PATCH /contacts/s1/conversations/4/messages/9 {"submitted_values":[{"name":"rating","value":"5"}]}',
      'POST /contacts/s1/labels {"label":"vip"}',
      'DELETE /contacts/s1/labels/needs%20help',
      'POST /contacts/s1/events {"name":"webwidget.triggered","event_info":{"referer_url":"https://x.test"}}',
    ])
  })

  it('sends files as multipart with content, echo_id and attachments[]', async () => {
    const fetch = fakeFetch(200, { id: 1 })
    const file = new File(['abc'], 'notes.txt', { type: 'text/plain' })
    await client(fetch).sendMessage('s1', 4, { content: '', echoId: 'e9', files: [file] })
    const init = fetch.mock.calls[0]?.[1] as RequestInit
    const form = init.body as FormData
    expect(form).toBeInstanceOf(FormData)
    expect(form.get('content')).toBe('')
    expect(form.get('echo_id')).toBe('e9')
    expect((form.get('attachments[]') as File).name).toBe('notes.txt')
    expect(init.headers).not.toHaveProperty('content-type')
  })

  it('accepts an empty 200 body (toggle_typing, update_last_seen)', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 200 }))
    const api = createApiClient({ baseUrl: 'https://x.test', inbox: 'i', fetch })
    await expect(api.updateLastSeen('s1', 1)).resolves.toBeUndefined()
  })

  it('turns the error envelope into an ApiError with its fields', async () => {
    const fetch = fakeFetch(422, {
      error: 'validation_failed',
      message: 'The request failed validation',
      description: 'The request failed validation',
      errors: [{ field: 'email', message: 'is invalid', code: 'invalid' }],
    })
    const error = await client(fetch)
      .createContact({ email: 'nope' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'The request failed validation',
      fieldErrors: [{ field: 'email', message: 'is invalid', code: 'invalid' }],
      retryable: false,
    })
  })

  it('reads Retry-After on a 429 and calls it retryable', async () => {
    const fetch = fakeFetch(
      429,
      { error: 'rate_limited', message: 'Too many requests' },
      {
        'retry-after': '12',
      },
    )
    const error = (await client(fetch)
      .getInbox()
      .catch((e: unknown) => e)) as ApiError
    expect(error.retryAfter).toBe(12)
    expect(error.retryable).toBe(true)
  })

  it('reports a request that got no answer as status 0, retryable', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const error = (await createApiClient({ baseUrl: 'https://x.test', inbox: 'i', fetch })
      .getInbox()
      .catch((e: unknown) => e)) as ApiError
    expect(error).toMatchObject({ status: 0, code: 'network', retryable: true })
  })

  it('handles a non-JSON error page', async () => {
    const fetch = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }))
    const error = (await createApiClient({ baseUrl: 'https://x.test', inbox: 'i', fetch })
      .getInbox()
      .catch((e: unknown) => e)) as ApiError
    expect(error).toMatchObject({ status: 502, code: 'http_502', retryable: true })
  })

  it('gives the live socket URL: wss for https, ws for http, with the after cursor', () => {
    const secure = client(fakeFetch()).liveUrl('s1', 4, 120)
    expect(secure).toBe(
      'wss://chat.example.test/public/api/v1/inboxes/in%20box/contacts/s1/conversations/4/live?after=120',
    )
    const plain = client(fakeFetch(), 'http://localhost:8787').liveUrl('s1', 4, 0)
    expect(plain).toBe(
      'ws://localhost:8787/public/api/v1/inboxes/in%20box/contacts/s1/conversations/4/live?after=0',
    )
    expect(secure).not.toContain('pubsub')
  })
})
