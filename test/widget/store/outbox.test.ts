import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeServer } from '../fake-server'
import { createTestWidget, settle, stored } from '../helpers'

afterEach(() => {
  vi.useRealTimers()
})

async function openWithConversation() {
  const t = createTestWidget()
  t.widget.open()
  await settle()
  return t
}

describe('sending', () => {
  it('shows the message at once, then swaps in the server copy (one entry)', async () => {
    const { widget, server } = await openWithConversation()
    widget.send('  Hello there  ')
    const [optimistic] = widget.state.messages.value
    expect(optimistic?.id).toBeUndefined()
    expect(optimistic).toMatchObject({ content: 'Hello there', message_type: 0 })
    expect(optimistic?.delivery).toMatch(/queued|sending/)

    await settle()
    const posts = server.calls('POST', /\/messages$/)
    expect(posts).toHaveLength(1)
    expect(posts[0]?.body).toEqual({ content: 'Hello there', echo_id: 'echo-1' })
    expect(widget.state.messages.value).toHaveLength(1)
    expect(widget.state.messages.value[0]).toMatchObject({
      id: expect.any(Number),
      echo_id: 'echo-1',
    })
    expect(widget.state.messages.value[0]?.delivery).toBeUndefined()
    expect(widget.state.outbox.value).toEqual([])
  })

  it('creates the conversation with the page attributes on the first message, then goes live', async () => {
    const { widget, server, env } = await openWithConversation()
    await widget.run({ type: 'setConversationCustomAttributes', attributes: { order: 'A-1' } })
    await widget.run({ type: 'setLabel', label: 'vip' })
    expect(server.calls('POST', /\/conversations$/)).toHaveLength(0)
    widget.send('first')
    await settle()
    expect(server.calls('POST', /\/conversations$/)[0]?.body).toEqual({
      custom_attributes: { order: 'A-1' },
      referer_url: 'https://shop.example.test/pricing',
    })
    expect(server.calls('POST', /\/labels$/)[0]?.body).toEqual({ label: 'vip' })
    expect(env.live?.options.token).toBe(widget.state.session.value?.pubsubToken)
    expect(stored()).toMatchObject({ conversationId: widget.state.conversation.value?.id })
  })

  it('keeps messages written offline in a persisted outbox and sends them once back online', async () => {
    const { widget, server, env } = await openWithConversation()
    env.isOnline = false
    widget.online(false)
    widget.send('written on a train')
    await settle()
    expect(server.calls('POST', /\/messages$/)).toHaveLength(0)
    expect(widget.state.messages.value[0]?.delivery).toBe('queued')
    expect(stored()?.outbox).toEqual([
      { echoId: 'echo-1', content: 'written on a train', createdAt: 1_700_000_000_000 },
    ])

    env.isOnline = true
    widget.online(true)
    await settle()
    const posts = server.calls('POST', /\/messages$/)
    expect(posts.map((p) => p.body)).toEqual([{ content: 'written on a train', echo_id: 'echo-1' }])
    expect(stored()?.outbox).toBeUndefined()
  })

  it('retries after a network failure with jittered backoff and the same echo_id, stored once', async () => {
    vi.useFakeTimers()
    const { widget, server } = createTestWidget()
    widget.open()
    widget.send('first')
    await vi.advanceTimersByTimeAsync(0)
    server.offline = true
    widget.send('are you there?')
    await vi.advanceTimersByTimeAsync(0)
    expect(widget.state.messages.value[1]?.delivery).toBe('queued')
    expect(server.calls('POST', /\/messages$/)).toHaveLength(2)

    server.offline = false
    await vi.advanceTimersByTimeAsync(2000)
    const posts = server.calls('POST', /\/messages$/).slice(1)
    expect(posts.map((p) => (p.body as { echo_id: string }).echo_id)).toEqual(['echo-2', 'echo-2'])
    expect(server.messages.filter((m) => m.echo_id === 'echo-2')).toHaveLength(1)
    expect(widget.state.messages.value).toHaveLength(2)
    expect(widget.state.messages.value[1]?.id).toBeDefined()
  })

  it('waits Retry-After seconds after a 429', async () => {
    vi.useFakeTimers()
    const { widget, server } = createTestWidget()
    widget.open()
    await vi.advanceTimersByTimeAsync(0)
    widget.send('one')
    server.failures.push({
      match: /^POST .*\/messages$/,
      status: 429,
      headers: { 'retry-after': '7' },
    })
    await vi.advanceTimersByTimeAsync(0)
    const before = server.calls('POST', /\/messages$/).length
    await vi.advanceTimersByTimeAsync(6900)
    expect(server.calls('POST', /\/messages$/).length).toBe(before)
    await vi.advanceTimersByTimeAsync(200)
    expect(server.calls('POST', /\/messages$/).length).toBe(before + 1)
    expect(widget.state.messages.value[0]?.id).toBeDefined()
  })

  it('marks a refused message as failed; Retry sends it again with its echo_id', async () => {
    const { widget, server, events } = await openWithConversation()
    widget.send('x')
    await settle()
    server.failures.push({
      match: /^POST .*\/messages$/,
      status: 422,
      body: { error: 'validation_failed', message: 'Content is too long' },
    })
    widget.send('too long')
    await settle()
    const failed = widget.state.messages.value.find((m) => m.echo_id === 'echo-2')
    expect(failed).toMatchObject({ delivery: 'failed', error: 'Content is too long' })
    expect(events.at(-1)).toMatchObject({ event: 'error', detail: { echo_id: 'echo-2' } })

    widget.retry('echo-2')
    await settle()
    const bodies = server.calls('POST', /\/messages$/).map((p) => p.body)
    expect(bodies.slice(-2)).toEqual([
      { content: 'too long', echo_id: 'echo-2' },
      { content: 'too long', echo_id: 'echo-2' },
    ])
    expect(widget.state.messages.value.find((m) => m.echo_id === 'echo-2')?.id).toBeDefined()
  })

  it('sends attachments as multipart with the echo_id, and shows the server previews', async () => {
    const { widget, server } = await openWithConversation()
    const photo = new File(['png'], 'photo.png', { type: 'image/png' })
    widget.send('look', [photo])
    expect(widget.state.messages.value[0]?.files).toEqual([photo])
    await settle()
    const body = server.calls('POST', /\/messages$/)[0]?.body as FormData
    expect(body).toBeInstanceOf(FormData)
    expect(body.get('content')).toBe('look')
    expect(body.get('echo_id')).toBe('echo-1')
    expect((body.getAll('attachments[]')[0] as File).name).toBe('photo.png')
    expect(widget.state.messages.value[0]?.attachments?.[0]).toMatchObject({
      file_type: 'image',
      thumb_url: 'https://chat.example.test/files/thumb-photo.png',
    })
    expect(widget.state.messages.value[0]?.files).toBeUndefined()
  })

  it('picks up the stored outbox after a reload and delivers it', async () => {
    const first = await openWithConversation()
    first.env.isOnline = false
    first.widget.online(false)
    first.widget.send('sent before the reload')
    await settle()
    first.widget.destroy()

    const second = createTestWidget({ server: first.server })
    await settle()
    expect(second.server.calls('POST', /\/messages$/).map((p) => p.body)).toEqual([
      { content: 'sent before the reload', echo_id: 'echo-1' },
    ])
    expect(second.widget.state.messages.value.map((m) => m.content)).toEqual([
      'sent before the reload',
    ])
  })

  it('sends to a new conversation when the server no longer has the current one', async () => {
    const { widget, server } = await openWithConversation()
    widget.send('first')
    await settle()
    const lost = widget.state.conversation.value?.id
    server.conversations = []
    widget.send('second')
    await settle()
    expect(widget.state.conversation.value?.id).not.toBe(lost)
    expect(server.conversations).toHaveLength(1)
    const delivered = widget.state.messages.value.filter((m) => m.id !== undefined)
    expect(delivered.map((m) => m.content)).toEqual(['second'])
  })

  it('only a return to online (not a repeated online report) triggers a send', async () => {
    const { widget, server } = await openWithConversation()
    widget.online(true)
    await settle()
    expect(server.calls('POST', /\/messages$/)).toHaveLength(0)
    expect(widget.state.online.value).toBe(true)
  })
})

describe('a conversation started while the history is still loading', () => {
  it('is kept, and the next message goes to it, not to a second conversation', async () => {
    const server = new FakeServer()
    const answer = server.fetch
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // The list of conversations is read before the first message creates one, and answered after.
    server.fetch = async (input, init = {}) => {
      const listing = (init.method ?? 'GET') === 'GET' && /\/conversations$/.test(String(input))
      const response = await answer(input, init)
      if (listing) await held
      return response
    }
    const { widget } = createTestWidget({ server })
    widget.open()
    await settle()
    expect(server.calls('GET', /\/conversations$/)).toHaveLength(1)
    widget.send('first')
    await settle()
    const started = widget.state.conversation.value
    expect(started).not.toBeNull()
    release()
    await settle()
    expect(widget.state.conversation.value?.id).toBe(started?.id)
    widget.send('second')
    await settle()
    expect(server.calls('POST', /\/conversations$/)).toHaveLength(1)
    expect(server.conversations).toHaveLength(1)
    expect(stored()).toMatchObject({ conversationId: started?.id })
  })
})
