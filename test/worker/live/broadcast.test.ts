import { describe, expect, it } from 'vitest'
import {
  addInboxMember,
  conversationsPath,
  createInbox,
  insertContact,
  messagesPath,
} from '../conversation-helpers'
import { api, createWorld } from '../helpers'
import { allPublished, openSocket } from '../live-helpers'

async function conversationWorld() {
  const world = await createWorld()
  const inbox = await createInbox(world, 'api')
  const contactId = await insertContact(world.accountId)
  const res = await api(conversationsPath(world), {
    token: world.admin.token,
    body: { inbox_id: inbox.id, contact_id: contactId },
  })
  expect(res.status).toBe(200)
  return { world, inbox, contactId, displayId: res.json.id as number }
}

describe('live broadcasts from the REST API', () => {
  it("delivers a new message to the conversation's agent sockets exactly once", async () => {
    const { world, displayId } = await conversationWorld()
    const socket = (
      await openSocket(`/api/v1/accounts/${world.accountId}/conversations/${displayId}/live`, {
        api_access_token: world.admin.token,
      })
    ).socket!
    await socket.next('ready')
    const before = socket.frames.length
    const posted = await api(messagesPath(world, displayId), {
      token: world.admin.token,
      body: { content: 'Hello from the API', private: true },
    })
    expect(posted.status).toBe(200)
    const frame = await socket.next('message.created', before)
    expect(frame.data).toMatchObject({
      id: posted.json.id,
      content: 'Hello from the API',
      private: true,
    })
    await allPublished(world.accountId)
    await socket.flush()
    expect(
      socket.frames.filter((f) => f.event === 'message.created' && f.data.id === posted.json.id),
    ).toHaveLength(1)
    socket.close()
  })

  it('streams new conversations and messages on the account feed, each agent seeing only its inboxes', async () => {
    const world = await createWorld()
    const mine = await createInbox(world, 'api')
    const other = await createInbox(world, 'api')
    await addInboxMember(world, mine.id, world.agent.id)
    const admin = (
      await openSocket(`/api/v1/accounts/${world.accountId}/live`, {
        api_access_token: world.admin.token,
      })
    ).socket!
    const agent = (await openSocket(`/api/v1/accounts/${world.accountId}/live`)).socket!
    agent.send({ type: 'auth', token: world.agent.token })
    await admin.next('ready')
    await agent.next('ready')
    for (const inbox of [mine, other]) {
      const contactId = await insertContact(world.accountId)
      const res = await api(conversationsPath(world), {
        token: world.admin.token,
        body: { inbox_id: inbox.id, contact_id: contactId, message: { content: `in ${inbox.id}` } },
      })
      expect(res.status).toBe(200)
    }
    await allPublished(world.accountId)
    await admin.flush()
    await agent.flush()
    const inboxesOf = (frames: typeof admin.frames, event: string) =>
      frames.filter((f) => f.event === event).map((f) => f.data.inbox_id)
    expect(inboxesOf(admin.frames, 'conversation.created').sort()).toEqual(
      [mine.id, other.id].sort(),
    )
    expect(inboxesOf(agent.frames, 'conversation.created')).toEqual([mine.id])
    expect(inboxesOf(agent.frames, 'message.created')).toEqual([mine.id])
    admin.close()
    agent.close()
  })

  it("refuses another account's token on the account feed", async () => {
    const world = await createWorld()
    const other = await createWorld()
    expect(
      (
        await openSocket(`/api/v1/accounts/${world.accountId}/live`, {
          api_access_token: other.admin.token,
        })
      ).status,
    ).toBe(403)
    const byFrame = (await openSocket(`/api/v1/accounts/${world.accountId}/live`)).socket!
    byFrame.send({ type: 'auth', token: other.agent.token })
    expect((await byFrame.next('error')).data.code).toBe('forbidden')
  })
})
