import { describe, expect, it } from 'vitest'
import { type Frame, openSocket } from '../live-helpers'
import { addInboxMember } from '../product-helpers'
import {
  agentPost,
  conversationOf,
  createVisitor,
  publicPath,
  publicScene,
  startConversation,
} from '../public-helpers'

async function scene() {
  const { world, inbox } = await publicScene('web_widget')
  await addInboxMember(world, inbox.id, world.agent.id)
  const visitor = await createVisitor(inbox, { name: 'Lou' })
  const conversation = await startConversation(inbox, visitor)
  const agentPath = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`
  const visitorPath = publicPath(
    inbox.identifier,
    `${conversationOf(visitor, conversation.displayId)}/live`,
  )
  return { world, visitor, agentPath, visitorPath, conversation }
}

const rosters = (frames: Frame[]) => frames.filter((f) => f.event === 'room.roster')
const names = (frame: Frame | undefined) =>
  ((frame?.data.agents ?? []) as { name: string }[]).map((a) => a.name).sort()

describe('who is in a conversation room', () => {
  it('sends the agents a roster of the agents viewing, by name, on join and on leave', async () => {
    const { world, agentPath } = await scene()
    const admin = (await openSocket(agentPath, { api_access_token: world.admin.token })).socket!
    await admin.next('ready')
    expect(names(await admin.next('room.roster'))).toEqual(['Admin'])
    const from = admin.frames.length
    const agent = (await openSocket(agentPath, { api_access_token: world.agent.token })).socket!
    await agent.next('ready')
    expect(names(await agent.next('room.roster'))).toEqual(['Admin', 'Agent'])
    expect(names(await admin.next('room.roster', from))).toEqual(['Admin', 'Agent'])
    const before = admin.frames.length
    agent.close()
    expect(names(await admin.next('room.roster', before))).toEqual(['Admin'])
    admin.close()
  })

  it('names the agent in a typing frame, for a socket authenticated by header or by first frame', async () => {
    const { world, agentPath } = await scene()
    const byHeader = (await openSocket(agentPath, { api_access_token: world.admin.token })).socket!
    const byFrame = (await openSocket(agentPath)).socket!
    byFrame.send({ type: 'auth', token: world.agent.token })
    await byHeader.next('ready')
    await byFrame.next('ready')
    byHeader.send({ type: 'typing', status: 'on' })
    const seen = await byFrame.next('conversation.typing_on')
    expect(seen.data.user).toMatchObject({ type: 'user', id: world.admin.id, name: 'Admin' })
    byFrame.send({ type: 'typing', status: 'on' })
    const other = await byHeader.next('conversation.typing_on')
    expect(other.data.user).toMatchObject({ id: world.agent.id, name: 'Agent' })
    byHeader.close()
    byFrame.close()
  })

  it('never tells the visitor which agents are viewing', async () => {
    const { world, visitor, agentPath, visitorPath, conversation } = await scene()
    const widget = (await openSocket(visitorPath)).socket!
    widget.send({ type: 'auth', token: visitor.pubsubToken })
    await widget.next('ready')
    const admin = (await openSocket(agentPath, { api_access_token: world.admin.token })).socket!
    await admin.next('room.roster')
    const agent = (await openSocket(agentPath, { api_access_token: world.agent.token })).socket!
    await agent.next('room.roster')
    agent.close()
    await admin.next('room.roster', admin.frames.length)
    // A reply after the roster changes: once the widget has it, any roster frame would be there.
    await agentPost(world, conversation.displayId, { content: 'hello' })
    await widget.next('message.created')
    expect(rosters(widget.frames)).toEqual([])
    expect(JSON.stringify(widget.frames)).not.toContain('Agent"')
    admin.close()
    widget.close()
  })
})
