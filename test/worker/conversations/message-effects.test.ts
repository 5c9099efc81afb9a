import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { patchConversation } from '../../../worker/conversations/changes'
import {
  applyMessageRules,
  type EffectColumn,
  type EffectValue,
  MESSAGE_KINDS,
  MESSAGE_RULES,
  type MessageFacts,
  type MessageKind,
  type MessageRule,
  NOW,
  type RowCondition,
} from '../../../worker/conversations/message-effects'
import {
  messageChangedAttributes,
  messageChangesTracked,
  messageEffectsAssignments,
} from '../../../worker/conversations/message-effects-sql'
import { createDb, type Db } from '../../../worker/db/client'
import type { ConversationRow } from '../../../worker/db/queries/conversations'
import { conversations } from '../../../worker/db/schema'
import { createScene } from '../conversation-helpers'
import { accountDb } from '../helpers'

/**
 * A message's effects are written once (MESSAGE_RULES) and read by two interpreters: JS
 * (messageEffects, for createMessage) and SQL (for replyInSql's one batch). Over generated rows,
 * messages and rule sets, both must make the same row and the same changed_attributes, on real
 * D1: a change to the description changes both paths alike.
 */

const DOMAINS: Record<EffectColumn, readonly (string | number | boolean | null)[]> = {
  status: ['open', 'resolved', 'pending', 'snoozed'],
  snoozedUntil: [null, 1_000, 2_000],
  waitingSince: [null, 1_000, 2_000],
  firstReplyCreatedAt: [null, 1_000, 2_000],
  muted: [true, false],
  priority: [null, 'low', 'urgent'],
}
const COLUMNS = Object.keys(DOMAINS) as EffectColumn[]
const TIME_COLUMNS = new Set<EffectColumn>(['snoozedUntil', 'waitingSince', 'firstReplyCreatedAt'])

const rowArb = fc.record(
  Object.fromEntries(COLUMNS.map((c) => [c, fc.constantFrom(...DOMAINS[c])])) as {
    [K in EffectColumn]: fc.Arbitrary<string | number | boolean | null>
  },
)

const messageArb: fc.Arbitrary<MessageFacts> = fc.record({
  messageType: fc.constantFrom(0, 1, 3),
  private: fc.boolean(),
  senderType: fc.constantFrom('User' as const, 'AgentBot' as const, 'Contact' as const, null),
  createdAt: fc.integer({ min: 3_000, max: 4_000 }),
})

const conditionArb: fc.Arbitrary<RowCondition> = fc.constantFrom(...COLUMNS).chain((column) =>
  fc.oneof(
    fc.record({ column: fc.constant(column), is: fc.constantFrom('null', 'not_null') }),
    fc.record({
      column: fc.constant(column),
      in: fc.subarray([...DOMAINS[column]], { minLength: 1 }),
    }),
  ),
) as fc.Arbitrary<RowCondition>

const valueArb = (column: EffectColumn): fc.Arbitrary<EffectValue> =>
  TIME_COLUMNS.has(column)
    ? fc.constantFrom<EffectValue>(NOW, ...DOMAINS[column])
    : fc.constantFrom<EffectValue>(
        ...DOMAINS[column].filter((v) => v !== null || column === 'priority'),
      )

const ruleArb: fc.Arbitrary<MessageRule> = fc.record({
  message: fc.constantFrom(...(Object.keys(MESSAGE_KINDS) as MessageKind[])),
  row: fc.array(conditionArb, { maxLength: 2 }),
  set: fc
    .subarray(COLUMNS, { minLength: 1, maxLength: 3 })
    .chain((columns) =>
      fc
        .tuple(...columns.map(valueArb))
        .map((values) => Object.fromEntries(columns.map((c, i) => [c, values[i]]))),
    ),
})

const rulesArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(MESSAGE_RULES) },
  { weight: 3, arbitrary: fc.array(ruleArb, { minLength: 1, maxLength: 4 }) },
)

async function rowOf(db: Db, id: number) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id))
  return row as ConversationRow
}

const pick = (row: ConversationRow) =>
  Object.fromEntries(
    [...COLUMNS, 'lastActivityAt', 'updatedAt'].map((c) => [c, row[c as keyof ConversationRow]]),
  )

describe('the description of a message’s effects', () => {
  it('makes the same row and changed_attributes in JS and in SQL on D1, for any rules', async () => {
    const scene = await createScene('api')
    const made = await scene.conversation()
    const db = createDb(await accountDb(scene.world.accountId))
    const [found] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.accountId, scene.world.accountId),
          eq(conversations.displayId, made.id),
        ),
      )
    const id = found?.id as number
    await fc.assert(
      fc.asyncProperty(rowArb, messageArb, rulesArb, async (state, message, rules) => {
        await db
          .update(conversations)
          .set({ ...(state as Partial<ConversationRow>), updatedAt: 500, lastActivityAt: 500 })
          .where(eq(conversations.id, id))
        const before = await rowOf(db, id)
        const now = message.createdAt

        const { patch } = applyMessageRules(rules, before, message)
        const inJs = patchConversation(db, before, patch, now)
        const updated = inJs.events.find((e) => e.kind === 'conversation_updated')

        const [fromSql] = await db.all<{ changed: string; any: number }>(
          sql`select ${messageChangedAttributes(rules, message, 'c')} as changed,
            ${messageChangesTracked(rules, message, 'c')} as any
            from conversations c where c.id = ${id}`,
        )
        await db.run(
          sql`update conversations set ${messageEffectsAssignments(rules, message)} where id = ${id}`,
        )
        const after = await rowOf(db, id)

        expect(pick(after)).toEqual(
          pick({ ...before, ...patch, updatedAt: now } as ConversationRow),
        )
        expect(Boolean(fromSql?.any)).toBe(updated !== undefined)
        if (updated) expect(JSON.parse(fromSql?.changed ?? '[]')).toEqual(updated.changedAttributes)
      }),
      { numRuns: 60 },
    )
  })

  it('reopens a muted-free resolved conversation on an incoming message, in JS, from MESSAGE_RULES', () => {
    const before = { status: 'resolved', muted: false, waitingSince: null } as ConversationRow
    const incoming = {
      messageType: 0,
      private: false,
      senderType: 'Contact' as const,
      createdAt: 9,
    }
    const { patch, activities } = applyMessageRules(MESSAGE_RULES, before, incoming)
    expect(patch).toMatchObject({ status: 'open', snoozedUntil: null, waitingSince: 9 })
    expect(activities).toEqual(['System reopened the conversation due to a new incoming message.'])
  })
})
