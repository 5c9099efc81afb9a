/**
 * Rows for the scale measures (test/worker/scale/read-budget.test.ts and `npm run bench --
 * scale`): row i of an account (1-based) is contact i, its contact inbox and conversation i
 * (display id i), written a chunk at a time by INSERT … SELECT over a recursive CTE. The search
 * index and the conversation counters are kept by the tables' triggers, as on every real write.
 *
 * Contact i is "Contact i", contact<i>@example.com, +1555 and i in seven digits: "contact"
 * matches every contact, "ct9@e" one (contact 9), "z" and "zz" none. Conversation i is in inbox
 * i mod 3; open unless i is a multiple of 4 (multiples of 8 resolved, the rest pending or
 * snoozed); one in five is assigned, round robin over the agents; one in twenty has three
 * messages. Each conversation has a conversation_created reporting event, a resolved one also
 * conversation_resolved; `rollupStatements` rolls them up once all chunks are in.
 */
import { createDb } from '../../worker/db/client'
import { rebuildRollupsStatements } from '../../worker/db/queries/reporting-events'

export type ScalePlan = {
  accountId: number
  /** Three inboxes of the account: conversation i is in inboxIds[i % 3]. */
  inboxIds: number[]
  /** Users the assigned conversations go to (and the outgoing messages come from). */
  agentIds: number[]
  /** Rows the account will have: timestamps spread them over the 30 days before `now`. */
  total: number
  now: number
}

/** Rows per chunk: one batch of a few statements each, quick enough for the local runtime. */
export const SCALE_CHUNK = 50_000

/** 30 days before `now` for row 1, `now` for row `total`. */
const stepOf = (plan: ScalePlan) => Math.max(1, Math.floor((30 * 86_400) / plan.total))

const ints = (values: number[]) => values.map((v) => String(Math.trunc(Number(v))))

/** A CASE over `i mod n` picking one of `values` (integers, checked). */
const pick = (index: string, values: number[]) =>
  `case ${index} % ${values.length} ${ints(values)
    .map((v, k) => `when ${k} then ${v}`)
    .join(' ')} end`

const STATUS = `case when i % 4 <> 0 then 'open' when i % 8 = 0 then 'resolved' when i % 16 = 4 then 'pending' else 'snoozed' end`

/** Which of rows 1..n are open, resolved, …, assigned, in each inbox: what counts must say. */
export function expectedCounts(plan: ScalePlan, n = plan.total) {
  const byStatus: Record<string, number> = { open: 0, resolved: 0, pending: 0, snoozed: 0 }
  const openByInbox = new Map<number, { all: number; assigned: number }>()
  const openAssignedTo = new Map<number, number>()
  for (let i = 1; i <= n; i++) {
    const status =
      i % 4 !== 0 ? 'open' : i % 8 === 0 ? 'resolved' : i % 16 === 4 ? 'pending' : 'snoozed'
    byStatus[status] = (byStatus[status] ?? 0) + 1
    if (status !== 'open') continue
    const inbox = plan.inboxIds[i % plan.inboxIds.length] as number
    const counts = openByInbox.get(inbox) ?? { all: 0, assigned: 0 }
    counts.all++
    if (i % 5 === 1) {
      counts.assigned++
      const agent = plan.agentIds[Math.floor(i / 5) % plan.agentIds.length] as number
      openAssignedTo.set(agent, (openAssignedTo.get(agent) ?? 0) + 1)
    }
    openByInbox.set(inbox, counts)
  }
  return { byStatus, openByInbox, openAssignedTo }
}

/** The statements that write rows `from`..`to` (inclusive) of the plan's account. */
export function scaleChunkSql(plan: ScalePlan, from: number, to: number): string[] {
  const [account, now, total, step, first, last] = ints([
    plan.accountId,
    plan.now,
    plan.total,
    stepOf(plan),
    from,
    to,
  ])
  const rows = `with recursive n(i) as (select ${first} union all select i + 1 from n where i < ${last})`
  const at = `${now} - (${total} - i) * ${step}`
  const inbox = pick('i', plan.inboxIds)
  const assignee = `case when i % 5 = 1 then ${pick('(i / 5)', plan.agentIds)} end`
  const uuid = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`
  const inRange = `account_id = ${account} and display_id between ${first} and ${last}`
  return [
    `insert into contacts (account_id, name, email, phone_number, last_activity_at, created_at, updated_at)
      ${rows} select ${account}, 'Contact ' || i, 'contact' || i || '@example.com',
        '+1555' || substr('000000' || i, -7), ${at}, ${at}, ${at} from n`,
    `insert into contact_inboxes (account_id, contact_id, inbox_id, source_id, pubsub_token, created_at)
      ${rows} select ${account}, c.id, ${inbox}, 'scale-' || i, lower(hex(randomblob(16))), c.created_at
      from n join contacts c on c.account_id = ${account} and c.email = 'contact' || i || '@example.com'`,
    `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, contact_inbox_id,
        status, assignee_id, assignee_type, snoozed_until, waiting_since, last_activity_at, created_at, updated_at)
      ${rows} select ${account}, i, ${uuid}, ci.inbox_id, ci.contact_id, ci.id, ${STATUS},
        ${assignee}, case when i % 5 = 1 then 'User' end,
        case when ${STATUS} = 'snoozed' then ${now} + 86400 end, null, ${at}, ${at}, ${at}
      from n join contact_inboxes ci on ci.inbox_id = ${inbox} and ci.source_id = 'scale-' || i`,
    `insert into messages (account_id, inbox_id, conversation_id, message_type, content, sender_type,
        sender_id, created_at, updated_at)
      select cv.account_id, cv.inbox_id, cv.id, m.kind, 'Message ' || m.k || ' of conversation ' || cv.display_id,
        case m.kind when 0 then 'Contact' else 'User' end,
        case m.kind when 0 then cv.contact_id else ${ints(plan.agentIds)[0]} end,
        cv.created_at + m.k * 60, cv.created_at + m.k * 60
      from conversations cv join (select 1 as k, 0 as kind union all select 2, 1 union all select 3, 0) m
      where cv.${inRange} and cv.display_id % 20 = 1 order by cv.id, m.k`,
    `insert into reporting_events (account_id, name, value, conversation_id, inbox_id, user_id, created_at)
      select account_id, 'conversation_created', null, id, inbox_id, assignee_id, created_at
      from conversations where ${inRange}
      union all select account_id, 'conversation_resolved', 3600, id, inbox_id, assignee_id, created_at + 3600
      from conversations where ${inRange} and status = 'resolved'`,
  ]
}

/** The plan's rows `from`..`to` as one batch on the account's shard. */
export function scaleChunkStatements(d1: D1Database, plan: ScalePlan, from: number, to: number) {
  return scaleChunkSql(plan, from, to).map((text) => d1.prepare(text))
}

/** Rebuilds the account's report rollups from the events the chunks wrote. */
export function rollupStatements(d1: D1Database, accountId: number) {
  const db = createDb(d1)
  return rebuildRollupsStatements(db, accountId)
}

/** Writes every chunk of the plan, then the rollups. */
export async function seedScale(d1: D1Database, plan: ScalePlan) {
  for (let from = 1; from <= plan.total; from += SCALE_CHUNK) {
    await d1.batch(
      scaleChunkStatements(d1, plan, from, Math.min(plan.total, from + SCALE_CHUNK - 1)),
    )
  }
  await createDb(d1).batch(rollupStatements(d1, plan.accountId))
}
