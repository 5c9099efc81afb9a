import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeServer } from '../fake-server'
import { createTestWidget, settle } from '../helpers'

afterEach(() => {
  vi.useRealTimers()
})

/** A returning visitor: a stored session with an open conversation that has history. */
function returningVisitor(history = 3) {
  const server = new FakeServer()
  const contact = server.addContact()
  const conversation = server.addConversation(contact.source_id)
  for (let i = 0; i < history; i++) server.addMessage(conversation.id, { content: `old ${i}` })
  localStorage.setItem(
    `parley:${server.inbox}`,
    JSON.stringify({
      sourceId: contact.source_id,
      pubsubToken: contact.pubsub_token,
      conversationId: conversation.id,
    }),
  )
  return { server, contact, conversation }
}

describe('live updates', () => {
  it('loads the history after a reload and connects with ?after= the newest id', async () => {
    const { server, conversation } = returningVisitor(3)
    const { widget, env } = createTestWidget({ server })
    await settle()
    expect(widget.state.messages.value.map((m) => m.content)).toEqual(['old 0', 'old 1', 'old 2'])
    const newest = server.messages.at(-1)?.id
    expect(env.live?.options.url()).toBe(
      `wss://chat.example.test/public/api/v1/inboxes/${server.inbox}/contacts/${server.contacts.keys().next().value}/conversations/${conversation.id}/live?after=${newest}`,
    )
    const reply = server.addMessage(conversation.id, { content: 'while away' })
    env.live?.frame('message.created', reply)
    expect(env.live?.options.url()).toContain(`after=${reply.id}`)
  })

  it('applies each message once, however often replays and the POST answer repeat it', async () => {
    const { server, conversation } = returningVisitor(1)
    const { widget, env, events } = createTestWidget({ server })
    await settle()
    const reply = server.addMessage(conversation.id, { content: 'new reply' })
    env.live?.frame('message.created', reply)
    env.live?.frame('message.created', reply)
    env.live?.frame('message.updated', { ...reply, content: 'edited reply' })
    expect(widget.state.messages.value.map((m) => m.content)).toEqual(['old 0', 'edited reply'])
    expect(events.filter((e) => e.event === 'on-message')).toHaveLength(1)
  })

  it("matches the socket's copy of the visitor's own message by echo_id", async () => {
    const { server, conversation } = returningVisitor(0)
    const { widget, env } = createTestWidget({ server })
    await settle()
    widget.open()
    widget.send('mine')
    const echoed = server.addMessage(conversation.id, {
      content: 'mine',
      message_type: 0,
      echo_id: 'echo-1',
    })
    env.live?.frame('message.created', echoed)
    await settle()
    expect(widget.state.messages.value).toHaveLength(1)
    expect(widget.state.outbox.value).toEqual([])
  })

  it('ignores frames of another conversation', async () => {
    const { server } = returningVisitor(1)
    const { widget, env } = createTestWidget({ server })
    await settle()
    env.live?.frame('message.created', { ...server.messages[0], id: 999, conversation_id: 42 })
    expect(widget.state.messages.value).toHaveLength(1)
  })

  it("shows the agent's typing and clears it after 30 s without news", async () => {
    vi.useFakeTimers()
    const { server, conversation } = returningVisitor(0)
    const { widget, env } = createTestWidget({ server })
    await vi.advanceTimersByTimeAsync(0)
    const typing = {
      conversation: { id: conversation.id },
      user: { id: 7, name: 'Ana', type: 'user' },
      is_private: false,
    }
    env.live?.frame('conversation.typing_on', typing)
    expect(widget.state.agentTyping.value).toBe('Ana')
    await vi.advanceTimersByTimeAsync(29_999)
    expect(widget.state.agentTyping.value).toBe('Ana')
    await vi.advanceTimersByTimeAsync(1)
    expect(widget.state.agentTyping.value).toBeNull()

    env.live?.frame('conversation.typing_on', typing)
    env.live?.frame('conversation.typing_off', typing)
    expect(widget.state.agentTyping.value).toBeNull()
    env.live?.frame('conversation.typing_on', { ...typing, is_private: true })
    expect(widget.state.agentTyping.value).toBeNull()
  })

  it("sends the visitor's typing on, then off when idle or on send", async () => {
    vi.useFakeTimers()
    const { server } = returningVisitor(0)
    const { widget, env } = createTestWidget({ server })
    await vi.advanceTimersByTimeAsync(0)
    widget.typing(true)
    widget.typing(true)
    expect(env.live?.sent).toEqual([{ type: 'typing', status: 'on' }])
    await vi.advanceTimersByTimeAsync(5000)
    expect(env.live?.sent.at(-1)).toEqual({ type: 'typing', status: 'off' })

    widget.typing(true)
    widget.send('done')
    expect(env.live?.sent.slice(-2)).toEqual([
      { type: 'typing', status: 'on' },
      { type: 'typing', status: 'off' },
    ])
  })

  it('falls back to toggle_typing over HTTP when the socket is not up', async () => {
    const { server } = returningVisitor(0)
    const { widget, env } = createTestWidget({ server })
    await settle()
    if (env.live) env.live.connected = false
    widget.typing(true)
    await settle()
    expect(server.calls('POST', /toggle_typing$/).map((r) => r.body)).toEqual([
      { typing_status: 'on' },
    ])
  })

  it('counts unread agent messages while closed and clears them when opened', async () => {
    const { server, conversation } = returningVisitor(2)
    conversation.contact_last_seen_at = server.messages[0]?.created_at
    const { widget, env } = createTestWidget({ server })
    await settle()
    expect(widget.state.unreadCount.value).toBe(1)
    env.live?.frame('message.created', server.addMessage(conversation.id))
    env.live?.frame('message.created', server.addMessage(conversation.id, { message_type: 0 }))
    expect(widget.state.unreadCount.value).toBe(2)

    widget.open()
    await settle()
    expect(widget.state.unreadCount.value).toBe(0)
    expect(env.live?.sent).toContainEqual({ type: 'seen' })
    expect(env.live?.signals.at(-1)).toEqual({ seen: server.messages.at(-1)?.id })
  })

  it('marks seen what loads while the panel is already open', async () => {
    const { server } = returningVisitor(2)
    const { widget, env } = createTestWidget({ server })
    // Opened before the history has arrived: what then loads is in front of the visitor.
    widget.open()
    await settle()
    expect(widget.state.messages.value).toHaveLength(2)
    expect(widget.state.unreadCount.value).toBe(0)
    expect(env.live?.signals.at(-1)).toEqual({ seen: server.messages.at(-1)?.id })
  })

  it('keeps counting while the page is hidden, and marks seen when it is visible again', async () => {
    const { server, conversation } = returningVisitor(0)
    const { widget, env } = createTestWidget({ server })
    await settle()
    widget.open()
    await settle()
    env.isVisible = false
    env.live?.frame('message.created', server.addMessage(conversation.id))
    expect(widget.state.unreadCount.value).toBe(1)
    env.isVisible = true
    widget.visibility()
    expect(widget.state.unreadCount.value).toBe(0)
    expect(env.live?.reconnects).toBe(1)
  })

  it('takes the "seen" mark from another tab', async () => {
    const { server, conversation } = returningVisitor(2)
    const { widget, env } = createTestWidget({ server })
    await settle()
    expect(widget.state.unreadCount.value).toBe(2)
    env.live?.options.onSignal({ seen: server.messages.at(-1)?.id })
    expect(widget.state.unreadCount.value).toBe(0)
    expect(conversation.id).toBe(1)
  })

  it('marks seen over HTTP when the socket is down', async () => {
    const { server } = returningVisitor(1)
    const { widget, env } = createTestWidget({ server })
    await settle()
    if (env.live) env.live.connected = false
    widget.open()
    await settle()
    expect(server.calls('POST', /update_last_seen$/)).toHaveLength(1)
  })

  it('follows status changes and read receipts', async () => {
    const { server, conversation } = returningVisitor(0)
    const { widget, env } = createTestWidget({ server })
    await settle()
    env.live?.frame('conversation.read', { agent_last_seen_at: 1_700_000_500 })
    expect(widget.state.conversation.value?.agentLastSeenAt).toBe(1_700_000_500)
    env.live?.frame('conversation.status_changed', { id: conversation.id, status: 'resolved' })
    expect(widget.state.ended.value).toBe(true)
  })

  it('flushes the outbox when the socket reports it is back online', async () => {
    const { server } = returningVisitor(0)
    const { widget, env } = createTestWidget({ server })
    await settle()
    server.offline = true
    widget.send('queued')
    await settle()
    server.offline = false
    env.live?.status('waiting')
    env.live?.status('online')
    await settle()
    expect(widget.state.messages.value[0]?.id).toBeDefined()
  })

  it('loads older pages with ?before= the oldest id', async () => {
    const { server, conversation } = returningVisitor(25)
    const { widget } = createTestWidget({ server })
    await settle()
    expect(widget.state.messages.value).toHaveLength(20)
    expect(widget.state.hasOlder.value).toBe(true)
    const oldest = widget.state.messages.value[0]?.id
    await widget.loadOlder()
    expect(server.calls('GET', /\/messages\?before=/).at(-1)?.path).toBe(
      `/contacts/${server.conversations[0]?.sourceId}/conversations/${conversation.id}/messages?before=${oldest}`,
    )
    expect(widget.state.messages.value).toHaveLength(25)
    expect(widget.state.messages.value[0]?.content).toBe('old 0')
    expect(widget.state.hasOlder.value).toBe(false)
  })

  it('ends the conversation, and starts a new one with the next message', async () => {
    const { server, conversation } = returningVisitor(1)
    const { widget, env } = createTestWidget({ server })
    await settle()
    widget.open()
    await widget.endConversation()
    expect(server.calls('POST', /toggle_status$/)).toHaveLength(1)
    expect(widget.state.ended.value).toBe(true)

    widget.startNewConversation()
    expect(widget.state.messages.value).toEqual([])
    expect(env.live?.closed).toBe(true)
    widget.send('new topic')
    await settle()
    expect(widget.state.conversation.value?.id).not.toBe(conversation.id)
    expect(server.conversations).toHaveLength(2)
  })

  it('answers an input_select message with submitted_values', async () => {
    const { server, conversation } = returningVisitor(0)
    const question = server.addMessage(conversation.id, {
      content: 'Pick one',
      content_type: 'input_select',
      content_attributes: { items: [{ title: 'Sales', value: 'sales' }] },
    })
    const { widget } = createTestWidget({ server })
    await settle()
    await widget.answer(question, [{ title: 'Sales', value: 'sales' }])
    expect(server.calls('PATCH', /\/messages\/\d+$/)[0]?.body).toEqual({
      submitted_values: [{ title: 'Sales', value: 'sales' }],
    })
    expect(widget.state.messages.value[0]?.content_attributes?.submitted_values).toEqual([
      { title: 'Sales', value: 'sales' },
    ])
  })

  it('drops a stored conversation the server no longer knows and uses the latest open one', async () => {
    const { server, contact } = returningVisitor(0)
    server.conversations = []
    const other = server.addConversation(contact.source_id)
    server.addMessage(other.id, { content: 'in the other one' })
    localStorage.setItem(
      `parley:${server.inbox}`,
      JSON.stringify({ sourceId: contact.source_id, pubsubToken: 'x', conversationId: 77 }),
    )
    const { widget } = createTestWidget({ server })
    await settle()
    expect(widget.state.conversation.value?.id).toBe(other.id)
    expect(widget.state.messages.value.map((m) => m.content)).toEqual(['in the other one'])
  })
})
