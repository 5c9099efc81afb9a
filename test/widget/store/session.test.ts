import { describe, expect, it } from 'vitest'
import { FakeServer, INBOX } from '../fake-server'
import { createTestWidget, settle, stored } from '../helpers'

describe('createWidgetState / session', () => {
  it('writes nothing to storage and creates no contact until the visitor opens the widget', async () => {
    const { widget, server } = createTestWidget()
    await settle()
    expect(localStorage.length).toBe(0)
    expect(widget.state.storageAllowed.value).toBe(false)
    expect(server.calls('POST', /^\/contacts$/)).toHaveLength(0)
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET '])

    widget.open()
    await settle()
    expect(server.calls('POST', /^\/contacts$/)).toHaveLength(1)
    const session = stored()
    expect(session).toMatchObject({ sourceId: expect.any(String), pubsubToken: expect.any(String) })
    expect(Object.keys(session ?? {}).sort()).toEqual(['pubsubToken', 'sourceId'])
  })

  it('sends webwidget.triggered with the page and browser details on each opening', async () => {
    const { widget, server, events } = createTestWidget()
    widget.open()
    await settle()
    widget.close()
    widget.open()
    await settle()
    const triggered = server.calls('POST', /\/events$/)
    expect(triggered).toHaveLength(2)
    expect(triggered[0]?.body).toEqual({
      name: 'webwidget.triggered',
      event_info: {
        widget_language: 'en',
        browser_language: navigator.language,
        referer_url: 'https://shop.example.test/pricing',
        browser: { browser_name: 'Test' },
      },
    })
    expect(events.map((e) => e.event)).toEqual(['opened', 'closed', 'opened'])
  })

  it('asks the pre-chat questions, then creates the contact with the answers', async () => {
    const server = new FakeServer()
    server.config.pre_chat_form_enabled = true
    server.config.pre_chat_form_options = {
      pre_chat_message: 'Who are you?',
      pre_chat_fields: [
        { name: 'fullName', label: 'Name', type: 'text', required: true, enabled: true },
        { name: 'emailAddress', label: 'Email', type: 'email', required: true, enabled: true },
        { name: 'company', label: 'Company', type: 'text', required: false, enabled: true },
        { name: 'phoneNumber', label: 'Phone', type: 'text', required: false, enabled: false },
      ],
    }
    const { widget } = createTestWidget({ server })
    widget.open()
    await settle()
    expect(widget.state.needsPrechat.value).toBe(true)
    expect(widget.state.prechatFields.value.map((f) => f.name)).toEqual([
      'fullName',
      'emailAddress',
      'company',
    ])
    expect(server.calls('POST', /^\/contacts$/)).toHaveLength(0)

    await widget.submitPrechat({ name: 'Ada', email: 'ada@example.test' }, { company: 'ACME' })
    await settle()
    expect(server.calls('POST', /^\/contacts$/)[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.test',
      custom_attributes: { company: 'ACME' },
    })
    expect(widget.state.needsPrechat.value).toBe(false)
  })

  it('skips the pre-chat form when setUser already gave every question', async () => {
    const server = new FakeServer()
    server.config.pre_chat_form_enabled = true
    server.config.pre_chat_form_options = {
      pre_chat_fields: [
        { name: 'fullName', label: 'Name', type: 'text', required: true, enabled: true },
        { name: 'emailAddress', label: 'Email', type: 'email', required: true, enabled: true },
      ],
    }
    const { widget } = createTestWidget({ server })
    await widget.run({
      type: 'setUser',
      identifier: 'user-42',
      user: { name: 'Ada', email: 'ada@example.test', identifier_hash: 'abc' },
    })
    widget.open()
    await settle()
    expect(widget.state.needsPrechat.value).toBe(false)
    expect(server.calls('POST', /^\/contacts$/)[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.test',
      identifier: 'user-42',
      identifier_hash: 'abc',
    })
  })

  it('setUser allows storage but creates nothing until needed, then PATCHes only on change', async () => {
    const { widget, server } = createTestWidget()
    await widget.run({ type: 'setUser', identifier: 'u1', user: { name: 'Ada' } })
    expect(widget.state.storageAllowed.value).toBe(true)
    expect(server.calls('POST', /^\/contacts$/)).toHaveLength(0)

    widget.open()
    await settle()
    await widget.run({ type: 'setUser', identifier: 'u1', user: { name: 'Ada' } })
    expect(server.calls('PATCH', /^\/contacts\/[^/]+$/)).toHaveLength(0)
    await widget.run({ type: 'setUser', identifier: 'u1', user: { name: 'Ada L.' } })
    await widget.run({ type: 'setUser', identifier: 'u1', user: { name: 'Ada L.' } })
    const patches = server.calls('PATCH', /^\/contacts\/[^/]+$/)
    expect(patches).toHaveLength(1)
    expect(patches[0]?.body).toMatchObject({ name: 'Ada L.', identifier: 'u1' })
  })

  it("keeps only hashes of setUser's identifier and details in storage, never the details", async () => {
    const { widget } = createTestWidget()
    await widget.run({
      type: 'setUser',
      identifier: 'user-42',
      user: { name: 'Ada Lovelace', email: 'ada@example.test', custom_attributes: { plan: 'pro' } },
    })
    widget.open()
    await settle()
    const raw = localStorage.getItem(`parley:${INBOX}`) ?? ''
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual([
      'identityKey',
      'pubsubToken',
      'sourceId',
      'userKey',
    ])
    for (const secret of ['user-42', 'Ada', 'ada@example.test', 'pro']) {
      expect(raw).not.toContain(secret)
    }
  })

  it('starts over as a new contact when a different identifier signs in', async () => {
    const { widget, server } = createTestWidget()
    await widget.run({ type: 'setUser', identifier: 'u1', user: { name: 'Ada' } })
    widget.open()
    await settle()
    widget.send('hello from Ada')
    await settle()
    const first = widget.state.session.value?.sourceId

    await widget.run({ type: 'setUser', identifier: 'u2', user: { name: 'Bob' } })
    await settle()
    expect(widget.state.session.value?.sourceId).not.toBe(first)
    expect(widget.state.messages.value).toEqual([])
    expect(server.calls('POST', /^\/contacts$/).map((r) => r.body)).toEqual([
      { name: 'Ada', identifier: 'u1' },
      { name: 'Bob', identifier: 'u2' },
    ])
  })

  it('reports a refused identity (bad identifier_hash) as a chatwoot:error event', async () => {
    const { widget, server, events } = createTestWidget()
    widget.open()
    await settle()
    server.failures.push({
      match: /^PATCH \/contacts/,
      status: 401,
      body: { error: 'unauthorized', message: 'HMAC failed: Invalid Identifier Hash Provided' },
    })
    await widget.run({
      type: 'setUser',
      identifier: 'u1',
      user: { name: 'Ada', identifier_hash: 'x' },
    })
    expect(events.at(-1)).toEqual({
      event: 'error',
      detail: { message: 'HMAC failed: Invalid Identifier Hash Provided', command: 'setUser' },
    })
  })

  it('reset() removes everything stored, closes the live connection and forgets the visitor', async () => {
    const { widget, env } = createTestWidget()
    await widget.run({ type: 'setUser', identifier: 'u1', user: { email: 'a@example.test' } })
    widget.open()
    await settle()
    widget.send('hi')
    await settle()
    expect(stored()).not.toBeNull()
    expect(env.live?.closed).toBe(false)

    await widget.run({ type: 'reset' })
    expect(localStorage.length).toBe(0)
    expect(env.live?.closed).toBe(true)
    expect(widget.state.isOpen.value).toBe(false)
    expect(widget.state.session.value).toBeNull()
    expect(widget.state.user.value).toEqual({})
    expect(widget.state.storageAllowed.value).toBe(false)
  })

  it('custom attributes before the contact exists go into its creation; after, into a PATCH', async () => {
    const { widget, server } = createTestWidget()
    await widget.run({ type: 'setCustomAttributes', attributes: { plan: 'pro', seats: 3 } })
    await widget.run({ type: 'deleteCustomAttribute', key: 'seats' })
    widget.open()
    await settle()
    expect(server.calls('POST', /^\/contacts$/)[0]?.body).toEqual({
      custom_attributes: { plan: 'pro' },
    })
    await widget.run({ type: 'setCustomAttributes', attributes: { plan: 'team' } })
    await widget.run({ type: 'deleteCustomAttribute', key: 'plan' })
    expect(server.calls('PATCH', /^\/contacts\/[^/]+$/).map((r) => r.body)).toEqual([
      { custom_attributes: { plan: 'team' } },
      { custom_attributes: { plan: null } },
    ])
  })

  it('follows a reset made in another tab (the storage key disappears)', async () => {
    const { widget } = createTestWidget()
    widget.open()
    await settle()
    expect(widget.state.session.value).not.toBeNull()
    widget.onStorage(null)
    expect(widget.state.session.value).toBeNull()
    expect(widget.state.isOpen.value).toBe(false)
  })

  it('follows a conversation another tab of the site started', async () => {
    const a = createTestWidget()
    a.widget.open()
    await settle()
    const b = createTestWidget({ server: a.server })
    await settle()
    expect(b.widget.state.session.value?.sourceId).toBe(a.widget.state.session.value?.sourceId)
    b.widget.open()
    b.widget.send('sent in tab b')
    await settle()

    a.widget.onStorage(localStorage.getItem(`parley:${a.server.inbox}`))
    await settle()
    expect(a.widget.state.conversation.value?.id).toBe(b.widget.state.conversation.value?.id)
    expect(a.widget.state.messages.value.map((m) => m.content)).toEqual(['sent in tab b'])
    expect(a.env.live?.options.name).toBe(b.env.live?.options.name)
  })
})
