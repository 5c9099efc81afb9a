import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { events, labels } from '../../../worker/db/schema'
import { commitEvents } from '../../../worker/events/outbox'
import { accountDb, createWorld } from '../helpers'

const eventsOfAccount = async (accountId: number) =>
  (
    await (
      await accountDb(accountId)
    )
      .prepare('select kind, data, changed_attributes from events where account_id = ? order by id')
      .bind(accountId)
      .all<{ kind: string; data: string; changed_attributes: string }>()
  ).results

describe('commitEvents', () => {
  it('writes the change and its event rows in one batch and returns the event ids', async () => {
    const world = await createWorld()
    const db = createDb(await accountDb(world.accountId))
    const { results, eventIds } = await commitEvents(
      db,
      [db.insert(labels).values({ accountId: world.accountId, title: 'vip' }).returning()],
      [
        {
          kind: 'contact_updated',
          accountId: world.accountId,
          changedAttributes: [{ labels: { previous_value: [], current_value: ['vip'] } }],
          data: { why: 'test' },
        },
      ],
    )
    expect(results[0][0]).toMatchObject({ title: 'vip' })
    expect(eventIds).toHaveLength(1)
    const rows = await db
      .select()
      .from(events)
      .where(eq(events.id, eventIds[0] as number))
    expect(rows[0]).toMatchObject({
      kind: 'contact_updated',
      data: { why: 'test' },
      changedAttributes: [{ labels: { previous_value: [], current_value: ['vip'] } }],
      publishedAt: null,
    })
    expect(rows[0]?.createdAt).toBeGreaterThan(0)
  })

  it('writes a conditional event only when the statement before it changed a row', async () => {
    const world = await createWorld()
    const db = createDb(await accountDb(world.accountId))
    const event = { kind: 'conversation_updated' as const, accountId: world.accountId }
    const onlyAfterChange = sql`changes() = 1`
    const changed = await commitEvents(
      db,
      [db.insert(labels).values({ accountId: world.accountId, title: 'first' })],
      [event],
      onlyAfterChange,
    )
    expect(changed.eventIds).toHaveLength(1)
    const unchanged = await commitEvents(
      db,
      [db.update(labels).set({ title: 'none' }).where(eq(labels.accountId, -1))],
      [event],
      onlyAfterChange,
    )
    expect(unchanged.eventIds).toEqual([])
    const written = await eventsOfAccount(world.accountId)
    expect(written).toEqual([
      { kind: 'conversation_updated', data: '{}', changed_attributes: '[]' },
    ])
  })

  it('leaves no half-written change and no event row when a statement of the batch fails', async () => {
    const world = await createWorld()
    const db = createDb(await accountDb(world.accountId))
    await expect(
      commitEvents(
        db,
        [
          db.insert(labels).values({ accountId: world.accountId, title: 'kept-out' }),
          // The same title twice in one account breaks the unique index: the batch must roll back.
          db.insert(labels).values({ accountId: world.accountId, title: 'kept-out' }),
        ],
        [{ kind: 'contact_updated', accountId: world.accountId }],
      ),
    ).rejects.toThrow()
    const stored = await db.select().from(labels).where(eq(labels.accountId, world.accountId))
    expect(stored).toEqual([])
    expect(await eventsOfAccount(world.accountId)).toEqual([])
  })
})
