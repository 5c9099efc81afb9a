import { describe, expect, it } from 'vitest'
import {
  accountPath,
  conversationRow,
  createScene,
  eventsOf,
  kindsOf,
  messageRows,
  postMessage,
} from '../conversation-helpers'
import { api } from '../helpers'

async function unassignedConversation() {
  const scene = await createScene()
  const conversation = await scene.conversation()
  const row = await conversationRow(scene.world.accountId, conversation.id)
  expect(row?.assignee_id).toBeNull()
  return { ...scene, conversation, row: row as { id: number } }
}

const assigneeOf = async (accountId: number, displayId: number) =>
  (await conversationRow(accountId, displayId))?.assignee_id ?? null

describe('a reply to an unassigned conversation (auto_assign_on_reply)', () => {
  it('assigns the conversation to the agent who replies, with the self-assigned line and events', async () => {
    const { world, conversation, row } = await unassignedConversation()
    const res = await postMessage(world, conversation.id, { content: 'On it' }, world.agent.token)
    expect(res.status).toBe(200)
    expect(await assigneeOf(world.accountId, conversation.id)).toBe(world.agent.id)
    const lines = (await messageRows(row.id)).map((m) => [m.message_type, m.content])
    expect(lines).toContainEqual([2, 'Agent self-assigned this conversation'])
    expect(lines).toContainEqual([1, 'On it'])
    const events = await eventsOf(row.id)
    expect(kindsOf(events)).toContain('message_created')
    const assigneeChanges = events.flatMap((e) =>
      e.kind === 'conversation_updated'
        ? e.changed_attributes.filter((a) => 'assignee_id' in a)
        : [],
    )
    expect(assigneeChanges).toEqual([
      { assignee_id: { previous_value: null, current_value: world.agent.id } },
    ])
  })

  it('leaves it unassigned when the account turns the setting off', async () => {
    const { world, conversation } = await unassignedConversation()
    const off = await api(accountPath(world), {
      method: 'PATCH',
      token: world.admin.token,
      body: { auto_assign_on_reply: false },
    })
    expect(off.status).toBe(200)
    expect((off.json as { settings: Record<string, unknown> }).settings.auto_assign_on_reply).toBe(
      false,
    )
    expect((await postMessage(world, conversation.id, { content: 'Hi' })).status).toBe(200)
    expect(await assigneeOf(world.accountId, conversation.id)).toBeNull()
    // And on again: the next reply assigns.
    await api(accountPath(world), {
      method: 'PATCH',
      token: world.admin.token,
      body: { auto_assign_on_reply: true },
    })
    expect((await postMessage(world, conversation.id, { content: 'Again' })).status).toBe(200)
    expect(await assigneeOf(world.accountId, conversation.id)).toBe(world.admin.id)
  })

  it('keeps a colleague as assignee when the conversation is already assigned', async () => {
    const { world, conversation } = await unassignedConversation()
    const assigned = await api(
      `${accountPath(world)}/conversations/${conversation.id}/assignments`,
      {
        token: world.admin.token,
        body: { assignee_id: world.agent.id },
      },
    )
    expect(assigned.status).toBe(200)
    expect((await postMessage(world, conversation.id, { content: 'Me too' })).status).toBe(200)
    expect(await assigneeOf(world.accountId, conversation.id)).toBe(world.agent.id)
  })

  it('does not assign for a private note', async () => {
    const { world, conversation } = await unassignedConversation()
    const note = await postMessage(world, conversation.id, { content: 'fyi', private: true })
    expect(note.status).toBe(200)
    expect(await assigneeOf(world.accountId, conversation.id)).toBeNull()
  })

  it('refuses a setting that is not a boolean, in the error envelope', async () => {
    const { world } = await unassignedConversation()
    const res = await api(accountPath(world), {
      method: 'PATCH',
      token: world.admin.token,
      body: { auto_assign_on_reply: 'yes' },
    })
    expect(res.status).toBe(422)
  })
})
