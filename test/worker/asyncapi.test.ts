import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { SERVER_EVENTS } from '../../protocol/realtime'
import { CLOSE } from '../../worker/live/frames'
import { AGENT_FRAMES, FEED_FRAMES, VISITOR_FRAMES } from '../../worker/schemas/live-frames'
import { api } from './helpers'
import { allPublished, type Frame, openSocket } from './live-helpers'
import { addMember } from './members-helpers'
import { createVisitor, publicScene, startConversation } from './public-helpers'

// biome-ignore lint/suspicious/noExplicitAny: the document is read loosely
type Doc = Record<string, any>

const CHANNELS = ['visitorConversation', 'agentConversation', 'accountFeed'] as const

describe('GET /asyncapi.json', () => {
  let doc: Doc
  beforeAll(async () => {
    const res = await api('/asyncapi.json')
    expect(res.status).toBe(200)
    doc = res.json
  })

  it('is an AsyncAPI 3.0 document with the three channels and their operations', () => {
    expect(doc.asyncapi).toBe('3.0.0')
    expect(Object.keys(doc.channels).sort()).toEqual([...CHANNELS].sort())
    expect(doc.channels.visitorConversation.address).toBe(
      '/public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}/conversations/{conversation_id}/live',
    )
    expect(doc.channels.agentConversation.address).toBe(
      '/api/v1/accounts/{account_id}/conversations/{conversation_id}/live',
    )
    expect(doc.channels.accountFeed.address).toBe('/api/v1/accounts/{account_id}/live')
    for (const channel of CHANNELS) {
      expect(doc.operations[`${channel}.receive`].action).toBe('receive')
      expect(doc.operations[`${channel}.send`].messages).toContainEqual({
        $ref: `#/channels/${channel}/messages/client.auth`,
      })
      const params = doc.channels[channel].address
        .match(/\{(\w+)\}/g)
        .map((p: string) => p.slice(1, -1))
      expect(Object.keys(doc.channels[channel].parameters).sort()).toEqual(params.sort())
    }
    expect(doc.channels.agentConversation.bindings.ws.query.properties.after.type).toBe('integer')
    expect(doc.components.schemas['client.auth'].required).toEqual(['type', 'token'])
  })

  it('names every server event with a payload schema', () => {
    const resolve = (ref: string) =>
      doc.components.schemas[ref.replace('#/components/schemas/', '')]
    const documented = new Set<string>()
    for (const channel of CHANNELS) {
      for (const [key, message] of Object.entries<Doc>(doc.channels[channel].messages)) {
        if (key.startsWith('client.')) continue
        const frame = resolve(message.payload.$ref)
        expect(frame.required, `${channel} ${key}`).toEqual(['event', 'data'])
        expect(frame.properties.event.enum).toEqual([key])
        const data = frame.properties.data
        expect(data.$ref ? resolve(data.$ref) : data, `${channel} ${key} data`).toBeDefined()
        documented.add(key)
      }
    }
    expect([...documented].sort()).toEqual([...SERVER_EVENTS].sort())
    // access.changed is the account feed's alone: a conversation's socket that loses access closes.
    // notification.created too: an agent's notifications reach their feed, not a conversation's.
    // account.cache_invalidated too: the account's lists (labels, teams, canned responses).
    const feedOnly = ['access.changed', 'notification.created', 'account.cache_invalidated']
    expect(Object.keys(doc.channels.agentConversation.messages)).toEqual(
      expect.arrayContaining(SERVER_EVENTS.filter((e) => !feedOnly.includes(e))),
    )
  })

  it('lists the close codes', () => {
    expect(doc['x-close-codes'].map((c: Doc) => [c.code, c.reason])).toEqual([
      [4401, 'unauthorized'],
      [4403, 'forbidden'],
      [4410, 'gone'],
      [4408, 'auth_timeout'],
      [4429, 'rate_limited'],
    ])
    for (const channel of CHANNELS) {
      for (const code of Object.values(CLOSE)) {
        expect(doc.channels[channel].description).toContain(String(code))
      }
    }
  })
})

/** Parses a frame's data with its channel's schema; the result must equal the data exactly. */
function expectFrame(schemas: Record<string, z.ZodType>, frame: Frame, socket: string) {
  const schema = schemas[frame.event]
  expect(schema, `${socket}: ${frame.event} is documented`).toBeDefined()
  const parsed = schema!.safeParse(frame.data)
  expect(parsed.success, `${socket} ${frame.event}: ${JSON.stringify(parsed.error?.issues)}`).toBe(
    true,
  )
  expect(parsed.data, `${socket} ${frame.event}: fields the schema lacks`).toEqual(frame.data)
}

describe('frames on real sockets match their schemas', () => {
  it('visitor, agent and feed frames all parse exactly', async () => {
    const { world, inbox } = await publicScene('api')
    const visitor = await createVisitor(inbox, { name: 'Vera' })
    const conversation = await startConversation(inbox, visitor)
    const accountPath = `/api/v1/accounts/${world.accountId}`
    const agentPath = `${accountPath}/conversations/${conversation.displayId}`
    const auth = { api_access_token: world.admin.token }
    const feed = (await openSocket(`${accountPath}/live`, auth)).socket!
    const agent = (await openSocket(`${agentPath}/live?after=0`, auth)).socket!
    await Promise.all([feed.next('ready'), agent.next('ready')])
    const visitorPath = `/public/api/v1/inboxes/${inbox.identifier}/contacts/${visitor.sourceId}/conversations/${conversation.displayId}/live?after=0`
    const guest = (await openSocket(visitorPath)).socket!
    guest.send({ type: 'auth', token: visitor.pubsubToken })
    await guest.next('ready')
    await agent.next('presence.update')

    const reply = await api(`${agentPath}/messages`, {
      token: world.admin.token,
      body: { content: 'Hello Vera' },
    })
    expect(reply.status).toBe(200)
    await guest.next('message.created')
    const status = await api(`${agentPath}/messages/${reply.json.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { status: 'delivered' },
    })
    expect(status.status).toBe(200)
    await guest.next('message.updated')
    guest.send({ type: 'typing', status: 'on' })
    await agent.next('conversation.typing_on')
    guest.send({ type: 'typing', status: 'off' })
    await agent.next('conversation.typing_off')
    agent.send({ type: 'typing', status: 'on' })
    await guest.next('conversation.typing_on')
    guest.send({ type: 'seen' })
    await agent.next('conversation.read')
    agent.send({ type: 'seen' })
    await guest.next('conversation.read')
    const resolved = await api(`${agentPath}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'resolved' },
    })
    expect(resolved.status).toBe(200)
    await guest.next('conversation.status_changed')
    await feed.next('conversation.status_changed')
    const other = await createVisitor(inbox)
    await startConversation(inbox, other)
    await feed.next('conversation.created')
    guest.send({ type: 'nonsense' })
    await guest.next('error')
    // An administrator demoted to agent (of no inbox): its feed narrows and is told.
    const demoted = await addMember(world.accountId, 'administrator')
    const narrowing = (await openSocket(`${accountPath}/live`, { api_access_token: demoted.token }))
      .socket!
    await narrowing.next('ready')
    // A colleague's mention of the administrator: their feed alone gets notification.created.
    const note = await api(`${agentPath}/messages`, {
      token: demoted.token,
      body: { content: `[@Admin](mention://user/${world.admin.id}/Admin)`, private: true },
    })
    expect(note.status).toBe(200)
    await feed.next('notification.created')
    // A label made in Settings: every dashboard of the account reloads its labels.
    const label = await api(`${accountPath}/labels`, {
      token: world.admin.token,
      body: { title: 'asyncapi' },
    })
    expect(label.status).toBe(200)
    await feed.next('account.cache_invalidated')
    const demotion = await api(`${accountPath}/agents/${demoted.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'agent' },
    })
    expect(demotion.status).toBe(200)
    await narrowing.next('access.changed')
    await allPublished(world.accountId)
    await Promise.all([guest.flush(), agent.flush(), feed.flush(), narrowing.flush()])

    const refused = (await openSocket(`${accountPath}/live`)).socket!
    refused.send({ type: 'ping' })
    expect(await refused.closeCode()).toBe(CLOSE.unauthorized)

    for (const frame of guest.frames) expectFrame(VISITOR_FRAMES, frame, 'visitor')
    for (const frame of agent.frames) expectFrame(AGENT_FRAMES, frame, 'agent')
    const feedFrames = [...feed.frames, ...refused.frames, ...narrowing.frames]
    for (const frame of feedFrames) expectFrame(FEED_FRAMES, frame, 'feed')
    const events = (frames: Frame[]) => new Set(frames.map((f) => f.event))
    // A room's conversation.created precedes any socket of that room, so no socket sees it.
    const roomEvents = SERVER_EVENTS.filter(
      (e) =>
        e !== 'conversation.created' &&
        e !== 'access.changed' &&
        e !== 'notification.created' &&
        e !== 'account.cache_invalidated',
    )
    expect([...events([...guest.frames, ...agent.frames])].sort()).toEqual([...roomEvents].sort())
    expect([...events(feedFrames)].sort()).toEqual(Object.keys(FEED_FRAMES).sort())
    for (const socket of [guest, agent, feed, narrowing]) socket.close()
  }, 30_000)
})
