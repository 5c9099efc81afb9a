import { describe, expect, it } from 'vitest'
import { ConversationSchema } from '../../../worker/schemas/conversations'
import { FEED_FRAMES } from '../../../worker/schemas/live-frames'
import { addInboxMember, conversationPath, createInbox } from '../conversation-helpers'
import { api, createWorld, type World } from '../helpers'
import { allPublished, openSocket } from '../live-helpers'
import { feedPath, liveSocket, newConversation, roomPath, type Socket } from '../revocation-helpers'

// The dashboard's inbox list updates from the account feed alone: every change an agent makes to
// a conversation arrives there as conversation.updated (the whole conversation), only on the
// feeds that may see its inbox.

async function feedWorld() {
  const world = await createWorld()
  const mine = await createInbox(world, 'api')
  const other = await createInbox(world, 'api')
  await addInboxMember(world, mine.id, world.agent.id)
  const displayId = await newConversation(world, mine.id)
  const elsewhere = await newConversation(world, other.id)
  const admin = await liveSocket(feedPath(world), world.admin.token)
  const agent = await liveSocket(feedPath(world), world.agent.token)
  return { world, mine, displayId, elsewhere, admin, agent }
}

/** Waits for this change's conversation.updated on the socket; checks it against its schemas. */
async function updateOf(socket: Socket, from: number, displayId: number) {
  for (let at = from; ; ) {
    const frame = await socket.next('conversation.updated', at)
    at = socket.frames.indexOf(frame) + 1
    if (frame.data.id !== displayId) continue
    expect(ConversationSchema.safeParse(frame.data).success).toBe(true)
    expect(FEED_FRAMES['conversation.updated'].safeParse(frame.data).success).toBe(true)
    return frame.data
  }
}

type Change = {
  name: string
  send: (world: World, displayId: number) => Promise<{ status: number }>
  expect: Record<string, unknown> | ((data: Record<string, unknown>) => void)
}

const changes: Change[] = [
  {
    name: 'assigns an agent',
    send: (world, id) =>
      api(`${conversationPath(world, id)}/assignments`, {
        token: world.admin.token,
        body: { assignee_id: world.agent.id },
      }),
    expect: (data) =>
      expect((data.meta as { assignee?: { id: number } }).assignee?.id).toBeGreaterThan(0),
  },
  {
    name: 'labels it',
    send: (world, id) =>
      api(`${conversationPath(world, id)}/labels`, {
        token: world.admin.token,
        body: { labels: ['billing'] },
      }),
    expect: { labels: ['billing'] },
  },
  {
    name: 'changes the priority',
    send: (world, id) =>
      api(`${conversationPath(world, id)}/toggle_priority`, {
        token: world.admin.token,
        body: { priority: 'urgent' },
      }),
    expect: { priority: 'urgent' },
  },
  {
    name: 'snoozes it',
    send: (world, id) =>
      api(`${conversationPath(world, id)}/toggle_status`, {
        token: world.admin.token,
        body: { status: 'snoozed', snoozed_until: Math.floor(Date.now() / 1000) + 3600 },
      }),
    expect: { status: 'snoozed' },
  },
]

describe('the account feed carries conversation.updated', () => {
  for (const change of changes) {
    it(`when an administrator ${change.name}: to every feed that may see the inbox, only there`, async () => {
      const { world, displayId, elsewhere, admin, agent } = await feedWorld()
      const [adminFrom, agentFrom] = [admin.frames.length, agent.frames.length]
      expect((await change.send(world, displayId)).status).toBe(200)
      // The same change in an inbox the agent is not a member of.
      expect((await change.send(world, elsewhere)).status).toBe(200)
      for (const socket of [admin, agent]) {
        const data = await updateOf(socket, socket === admin ? adminFrom : agentFrom, displayId)
        if (typeof change.expect === 'function') change.expect(data)
        else expect(data).toMatchObject(change.expect)
      }
      await updateOf(admin, adminFrom, elsewhere)
      await allPublished(world.accountId)
      await agent.flush()
      const seenByAgent = agent.frames
        .slice(agentFrom)
        .filter((f) => f.event.startsWith('conversation.'))
        .map((f) => f.data.id)
      expect(seenByAgent).not.toContain(elsewhere)
    })
  }

  it('carries conversation.read when an agent reads it on its conversation socket', async () => {
    const { world, displayId, admin, agent } = await feedWorld()
    const room = await liveSocket(roomPath(world, displayId), world.agent.token)
    const from = admin.frames.length
    room.send({ type: 'seen' })
    const read = await admin.next('conversation.read', from)
    expect(read.data).toMatchObject({ conversation_id: displayId })
    expect(FEED_FRAMES['conversation.read'].safeParse(read.data).success).toBe(true)
    await agent.next('conversation.read')
  })

  it('carries conversation.read when an agent marks it read over REST (update_last_seen)', async () => {
    const { world, displayId, elsewhere, admin, agent } = await feedWorld()
    const [adminFrom, agentFrom] = [admin.frames.length, agent.frames.length]
    for (const id of [elsewhere, displayId]) {
      const res = await api(`${conversationPath(world, id)}/update_last_seen`, {
        method: 'POST',
        token: world.admin.token,
      })
      expect(res.status).toBe(200)
    }
    const read = await admin.next('conversation.read', adminFrom)
    expect(read.data).toMatchObject({ conversation_id: elsewhere })
    const agentRead = await agent.next('conversation.read', agentFrom)
    // The agent's feed skips the inbox it is not a member of.
    expect(agentRead.data).toMatchObject({
      conversation_id: displayId,
      agent_last_seen_at: expect.any(Number),
    })
  })

  it('is not sent to another account’s feed', async () => {
    const { world, displayId } = await feedWorld()
    const other = await createWorld()
    const foreign = await liveSocket(feedPath(other), other.admin.token)
    const res = await api(`${conversationPath(world, displayId)}/toggle_priority`, {
      token: world.admin.token,
      body: { priority: 'high' },
    })
    expect(res.status).toBe(200)
    await allPublished(world.accountId)
    await foreign.flush()
    expect(foreign.frames.map((f) => f.event)).toEqual(['ready', 'pong'])
    // And another account's token opens no feed here.
    const refused = await openSocket(feedPath(world), { api_access_token: other.admin.token })
    expect(refused.status).toBe(403)
  })
})
