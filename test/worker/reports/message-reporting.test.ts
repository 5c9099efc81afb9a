import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createDb, type Db } from '../../../worker/db/client'
import type { ConversationRow } from '../../../worker/db/queries/conversations'
import { conversations } from '../../../worker/db/schema'
import {
  MESSAGE_REPORTING_RULES,
  messageReportingSql,
  type ReportedMessage,
  type ReportingRule,
  reportMessage,
} from '../../../worker/reports/message-reporting'
import { createScene } from '../conversation-helpers'
import { accountDb } from '../helpers'

/**
 * What a message reports is written once (MESSAGE_REPORTING_RULES) and read by two interpreters:
 * JS (createMessage's batch) and SQL (the one-round-trip reply). Over generated rows, messages
 * and rule sets, both must give the same rows on real D1.
 */

const TIMES = [null, 1_000, 2_500] as const
const rowArb = fc.record({
  waitingSince: fc.constantFrom(...TIMES),
  firstReplyCreatedAt: fc.constantFrom(...TIMES),
  assigneeId: fc.constantFrom(null, 7),
})

const messageArb: fc.Arbitrary<ReportedMessage> = fc.record({
  messageType: fc.constantFrom(0, 1, 2, 3),
  private: fc.boolean(),
  senderType: fc.constantFrom('User' as const, 'AgentBot' as const, 'Contact' as const, null),
  senderId: fc.constantFrom(null, 3),
  createdAt: fc.integer({ min: 500, max: 4_000 }),
})

const COLUMNS = ['createdAt', 'waitingSince', 'firstReplyCreatedAt'] as const
const ruleArb: fc.Arbitrary<ReportingRule> = fc.record(
  {
    name: fc.constantFrom('outgoing_message', 'first_response', 'reply_time') as fc.Arbitrary<
      ReportingRule['name']
    >,
    message: fc.constantFrom(
      (m: ReportedMessage) => m.messageType === 1,
      (m: ReportedMessage) => !m.private,
      () => true,
    ),
    row: fc.record({
      column: fc.constantFrom(...COLUMNS),
      is: fc.constantFrom('null' as const, 'not_null' as const),
    }),
    since: fc.constantFrom(...COLUMNS),
    user: fc.constantFrom('none' as const, 'agent' as const, 'assignee_else_agent' as const),
  },
  { requiredKeys: ['name', 'message', 'user'] },
)

const rulesArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(MESSAGE_REPORTING_RULES) },
  { weight: 3, arbitrary: fc.array(ruleArb, { minLength: 1, maxLength: 4 }) },
)

type Row = { name: string; value: number | null; user_id: number | null; created_at: number }

async function conversationOf(db: Db, id: number) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id))
  return row as ConversationRow
}

describe('the description of what a message reports', () => {
  it('gives the same reporting rows in JS and in SQL on D1, for any rules', async () => {
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
          .set({ ...state, createdAt: 800 })
          .where(eq(conversations.id, id))
        const before = await conversationOf(db, id)
        const inJs = reportMessage(rules, before, message).map((e) => ({
          name: e.name,
          value: e.value,
          user_id: e.userId,
          created_at: e.createdAt,
        }))
        const select = messageReportingSql(rules, message, 'c', sql`c.id = ${id}`)
        const inSql = select
          ? (await db.all<Row & Record<string, unknown>>(select)).map((r) => ({
              name: r.name,
              value: r.value,
              user_id: r.user_id,
              created_at: r.created_at,
            }))
          : []
        expect(inSql).toEqual(inJs)
      }),
      { numRuns: 60 },
    )
  })

  it('times an agent’s first public reply from the conversation’s start, for the assignee', () => {
    const conversation = {
      id: 1,
      accountId: 1,
      inboxId: 1,
      teamId: null,
      assigneeId: 9,
      createdAt: 100,
      waitingSince: 400,
      firstReplyCreatedAt: null,
    }
    const reply = { messageType: 1, private: false, senderType: 'User' as const, senderId: 3 }
    const names = reportMessage(MESSAGE_REPORTING_RULES, conversation, {
      ...reply,
      createdAt: 1_000,
    })
    expect(names.map((e) => [e.name, e.value, e.userId])).toEqual([
      ['outgoing_message', null, 3],
      ['first_response', 900, 9],
      ['reply_time', 600, 9],
    ])
    const note = reportMessage(MESSAGE_REPORTING_RULES, conversation, {
      ...reply,
      private: true,
      createdAt: 1_000,
    })
    expect(note.map((e) => e.name)).toEqual(['outgoing_message'])
  })
})
