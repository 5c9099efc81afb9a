import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { autoResolveWrite } from '../../../worker/conversations/auto-resolve'
import type { Agent } from '../../../worker/conversations/changes'
import { priorityChangeWrite } from '../../../worker/conversations/priority'
import { createDb } from '../../../worker/db/client'
import type { ConversationRow } from '../../../worker/db/queries/conversations'
import { conversations, messages } from '../../../worker/db/schema'
import { commitEvents } from '../../../worker/events/outbox'
import { createScene, eventsOf } from '../conversation-helpers'
import { accountDb } from '../helpers'

/** Domain writes called directly, with an actor and a time: no request, no route. */

async function setUp() {
  const scene = await createScene('api')
  const made = await scene.conversation()
  const db = createDb(await accountDb(scene.world.accountId))
  const rowOf = async () => {
    const [row] = await db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.accountId, scene.world.accountId),
          eq(conversations.displayId, made.id),
        ),
      )
    return row as ConversationRow
  }
  const actor: Agent = {
    type: 'user',
    id: scene.world.admin.id,
    name: 'Ada',
    role: 'administrator',
  }
  return { db, rowOf, actor }
}

const activityLines = (db: ReturnType<typeof createDb>, conversationId: number) =>
  db
    .select({ type: messages.messageType, content: messages.content, at: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))

describe('priorityChangeWrite', () => {
  it('sets the priority with an activity line naming the actor and a conversation_updated event', async () => {
    const { db, rowOf, actor } = await setUp()
    const before = await rowOf()
    const write = priorityChangeWrite(db, before, 'urgent', actor, 2_000_000_000)
    expect(write).not.toBeNull()
    await commitEvents(db, write?.statements ?? [], write?.events ?? [])
    const after = await rowOf()
    expect(after).toMatchObject({ priority: 'urgent', updatedAt: 2_000_000_000 })
    expect(await activityLines(db, before.id)).toEqual([
      { type: 2, content: 'Ada set the priority to urgent', at: 2_000_000_000 },
    ])
    const events = await eventsOf(before.id)
    expect(events.at(-1)).toMatchObject({
      kind: 'conversation_updated',
      changed_attributes: [
        { priority: { previous_value: null, current_value: 'urgent' } },
        { updated_at: { previous_value: before.updatedAt, current_value: 2_000_000_000 } },
      ],
    })
  })

  it('writes nothing when the priority is already so', async () => {
    const { db, rowOf, actor } = await setUp()
    expect(priorityChangeWrite(db, await rowOf(), null, actor, 2_000_000_000)).toBeNull()
  })
})

describe('autoResolveWrite', () => {
  it('posts the message, adds the label and resolves, with its events', async () => {
    const { db, rowOf } = await setUp()
    const before = await rowOf()
    const eventsBefore = (await eventsOf(before.id)).length
    const settings = { minutes: 120, ignoreWaiting: false, message: 'Bye for now', label: 'idle' }
    const write = autoResolveWrite(db, before, settings, 2_000_000_000)
    await commitEvents(db, write.statements, write.events)
    expect(await rowOf()).toMatchObject({
      status: 'resolved',
      labels: ['idle'],
      waitingSince: null,
      lastActivityAt: 2_000_000_000,
    })
    expect(
      (await activityLines(db, before.id))
        .filter((m) => m.at === 2_000_000_000)
        .map((m) => [m.type, m.content]),
    ).toEqual([
      [3, 'Bye for now'],
      [2, 'Conversation was marked resolved by system due to 2 hours of inactivity'],
    ])
    const events = (await eventsOf(before.id)).slice(eventsBefore)
    expect(events.map((e) => e.kind)).toEqual([
      'message_created',
      'conversation_status_changed',
      'conversation_updated',
    ])
    expect(events[1]?.changed_attributes).toEqual([
      { status: { previous_value: 'open', current_value: 'resolved' } },
    ])
  })
})
