import { describe, expect, it } from 'vitest'
import { expectError } from '../helpers'
import { allPublished, openSocket } from '../live-helpers'
import {
  agentPost,
  agentTraffic,
  conversationOf,
  createVisitor,
  publicPath,
  publicScene,
  startConversation,
} from '../public-helpers'

type Options = Parameters<typeof publicScene>[1]

async function scene(options: Options = {}) {
  const { world, inbox } = await publicScene('web_widget', options)
  const visitor = await createVisitor(inbox, { name: 'Lou' })
  const conversation = await startConversation(inbox, visitor)
  const live = (after?: number, by = visitor) =>
    publicPath(
      inbox.identifier,
      `${conversationOf(by, conversation.displayId)}/live${after === undefined ? '' : `?after=${after}`}`,
    )
  return { world, inbox, visitor, conversation, live }
}

const messageIds = (frames: { event: string; data: Record<string, unknown> }[]) =>
  frames.filter((f) => f.event === 'message.created').map((f) => f.data.id)

describe('the visitor socket …/conversations/{id}/live', () => {
  it('sends nothing before the auth frame, then ready and the visible messages after the cursor', async () => {
    const { world, inbox, visitor, conversation, live } = await scene()
    const sent = await inbox.call(`${conversationOf(visitor, conversation.displayId)}/messages`, {
      body: { content: 'hi' },
    })
    const { reply, note, activity } = await agentTraffic(world, conversation.displayId)
    const opened = await openSocket(live(0))
    expect(opened.status).toBe(101)
    const socket = opened.socket!
    socket.send({ type: 'auth', token: visitor.pubsubToken })
    expect((await socket.next('ready')).data).toMatchObject({ role: 'visitor' })
    // Anything sent before the auth frame was read would have come before `ready`.
    expect(socket.frames[0]?.event).toBe('ready')
    await socket.flush()
    expect(messageIds(socket.frames)).toEqual([sent.json.id, reply])
    const text = JSON.stringify(socket.frames)
    expect(text).not.toContain('secret note')
    expect(text).not.toContain(world.admin.email)
    expect([note, activity].every((id) => !messageIds(socket.frames).includes(id))).toBe(true)
    socket.close()
  })

  it('never shows the visitor an agent typing a private note, but shows a reply being typed', async () => {
    const { world, visitor, conversation, live } = await scene()
    const visitorSocket = (await openSocket(live())).socket!
    visitorSocket.send({ type: 'auth', token: visitor.pubsubToken })
    await visitorSocket.next('ready')
    const agentPath = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`
    const agent = (await openSocket(agentPath, { api_access_token: world.admin.token })).socket!
    await agent.next('ready')
    agent.send({ type: 'typing', status: 'on', is_private: true })
    agent.send({ type: 'typing', status: 'off', is_private: true })
    agent.send({ type: 'typing', status: 'on' })
    // Frames arrive in order: once the reply's typing is here, the note's would have been.
    const shown = await visitorSocket.next('conversation.typing_on')
    expect(shown.data.is_private).toBe(false)
    const typing = visitorSocket.frames.filter((f) => f.event.startsWith('conversation.typing'))
    expect(typing).toHaveLength(1)
    agent.close()
    visitorSocket.close()
  })

  it('refuses a wrong or another visitor’s pubsub_token with an error and close 4401', async () => {
    const { inbox, live } = await scene()
    const other = await createVisitor(inbox)
    for (const token of ['wrong-token', other.pubsubToken]) {
      const socket = (await openSocket(live(0))).socket!
      socket.send({ type: 'auth', token })
      expect((await socket.next('error')).data.code).toBe('unauthorized')
      expect(await socket.closeCode()).toBe(4401)
      expect(socket.frames.map((f) => f.event)).toEqual(['error'])
    }
  })

  it('replays what was posted while away exactly once, then goes on live', async () => {
    const { world, visitor, conversation, live } = await scene()
    const first = await agentPost(world, conversation.displayId, { content: 'before' })
    const socket = (await openSocket(live(0))).socket!
    socket.send({ type: 'auth', token: visitor.pubsubToken })
    await socket.next('message.created')
    const lastSeen = Math.max(...(messageIds(socket.frames) as number[]))
    expect(lastSeen).toBe(first.id)
    socket.close()

    const away1 = await agentPost(world, conversation.displayId, { content: 'away 1' })
    await agentPost(world, conversation.displayId, { content: 'away note', private: true })
    const away2 = await agentPost(world, conversation.displayId, { content: 'away 2' })
    const again = (await openSocket(live(lastSeen))).socket!
    again.send({ type: 'auth', token: visitor.pubsubToken })
    await again.next('ready')
    await again.flush()
    expect(messageIds(again.frames)).toEqual([away1.id, away2.id])

    const liveReply = await agentPost(world, conversation.displayId, { content: 'live now' })
    const frame = await again.next('message.created', again.frames.length)
    expect(frame.data).toMatchObject({ id: liveReply.id, content: 'live now', message_type: 1 })
    await agentPost(world, conversation.displayId, { content: 'live note', private: true })
    await allPublished(world.accountId)
    await again.flush()
    expect(messageIds(again.frames)).toEqual([away1.id, away2.id, liveReply.id])
    expect(JSON.stringify(again.frames)).not.toContain('live note')
    again.close()
  })

  it("answers 404 for another visitor's conversation, an unknown inbox and an unknown id", async () => {
    const { inbox, conversation, live } = await scene()
    const stranger = await createVisitor(inbox)
    for (const path of [
      live(0, stranger),
      publicPath('no-inbox', `${conversationOf(stranger, conversation.displayId)}/live`),
      publicPath(inbox.identifier, `${conversationOf(stranger, 999_999)}/live`),
    ]) {
      const res = await openSocket(path)
      expect(res.status).toBe(404)
      expect(res.socket).toBeNull()
      expect(JSON.parse(res.body)).toMatchObject({ error: 'not_found' })
    }
  })

  it("checks the Origin against the inbox's allowed domains", async () => {
    const { visitor, live } = await scene({ channel: { allowed_domains: 'shop.example.com' } })
    expect((await openSocket(live(), { origin: 'https://evil.example.com' })).status).toBe(403)
    expect((await openSocket(live())).status).toBe(403)
    const allowed = await openSocket(live(), { origin: 'https://shop.example.com' })
    expect(allowed.status).toBe(101)
    allowed.socket!.send({ type: 'auth', token: visitor.pubsubToken })
    await allowed.socket!.next('ready')
    allowed.socket!.close()
  })

  it('answers 400 in the envelope to a plain GET', async () => {
    const { inbox, visitor, conversation } = await scene()
    const res = await inbox.call(`${conversationOf(visitor, conversation.displayId)}/live`)
    expectError(res, 400, 'bad_request')
  })
})
