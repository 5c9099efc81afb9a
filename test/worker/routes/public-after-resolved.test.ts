import { describe, expect, it } from 'vitest'
import { accountDb, api } from '../helpers'
import {
  agentPost,
  conversationOf,
  createVisitor,
  publicScene,
  startConversation,
} from '../public-helpers'

async function resolvedScene(settings: Record<string, unknown>) {
  const { world, inbox } = await publicScene('web_widget', { settings })
  const visitor = await createVisitor(inbox)
  const conversation = await startConversation(inbox, visitor)
  const path = `${conversationOf(visitor, conversation.displayId)}/messages`
  expect((await inbox.call(path, { body: { content: 'First question' } })).status).toBe(200)
  const resolved = await api(
    `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/toggle_status`,
    { token: world.admin.token, body: { status: 'resolved' } },
  )
  expect(resolved.status, resolved.text).toBe(200)
  const statusOf = async (displayId: number) =>
    (
      await (
        await accountDb(world.accountId)
      )
        .prepare('select status from conversations where account_id = ? and display_id = ?')
        .bind(world.accountId, displayId)
        .first<{ status: string }>()
    )?.status
  const write = (content: string) => inbox.call(path, { body: { content } })
  return { world, inbox, visitor, conversation, path, statusOf, write }
}

describe('a visitor message to a resolved conversation', () => {
  it('starts a new conversation in the same inbox when allow_messages_after_resolved is off, leaving the old one resolved', async () => {
    const s = await resolvedScene({ allow_messages_after_resolved: false })
    const res = await s.write('Another question')
    expect(res.status, res.text).toBe(200)
    const newId = res.json.conversation_id as number
    expect(newId).not.toBe(s.conversation.displayId)
    expect(await s.statusOf(s.conversation.displayId)).toBe('resolved')
    expect(await s.statusOf(newId)).toBe('open')
    const listed = await s.inbox.call(`/contacts/${s.visitor.sourceId}/conversations`)
    const fresh = listed.json.find((c: { id: number }) => c.id === newId)
    expect(fresh.inbox_id).toBe(s.inbox.id)
    expect(fresh.messages.map((m: { content: string }) => m.content)).toContain('Another question')
    // The next message follows the visitor to the new one; the old one is never reopened.
    const again = await s.write('Still there?')
    expect(again.json.conversation_id).not.toBe(s.conversation.displayId)
    expect(await s.statusOf(s.conversation.displayId)).toBe('resolved')
  })

  it('reopens the conversation when the setting is on, the default', async () => {
    const s = await resolvedScene({})
    const res = await s.write('Another question')
    expect(res.status, res.text).toBe(200)
    expect(res.json.conversation_id).toBe(s.conversation.displayId)
    expect(await s.statusOf(s.conversation.displayId)).toBe('open')
  })

  it('goes to the visitor’s ongoing conversation with lock_to_single_conversation on', async () => {
    const s = await resolvedScene({
      allow_messages_after_resolved: false,
      lock_to_single_conversation: true,
    })
    const ongoing = await startConversation(s.inbox, s.visitor)
    expect(ongoing.displayId).not.toBe(s.conversation.displayId)
    const res = await s.write('Hello again')
    expect(res.json.conversation_id).toBe(ongoing.displayId)
    expect(await s.statusOf(s.conversation.displayId)).toBe('resolved')
  })

  it('leaves an agent’s message to a resolved conversation as it was', async () => {
    const s = await resolvedScene({ allow_messages_after_resolved: false })
    const reply = await agentPost(s.world, s.conversation.displayId, { content: 'Follow-up' })
    expect(reply.content).toBe('Follow-up')
    const conversations = await (await accountDb(s.world.accountId))
      .prepare('select count(*) as n from conversations where account_id = ?')
      .bind(s.world.accountId)
      .first<{ n: number }>()
    expect(conversations?.n).toBe(1)
  })
})
