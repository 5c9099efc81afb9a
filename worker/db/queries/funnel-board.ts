import { type SQL, sql } from 'drizzle-orm'
import { batchable } from '../batch'
import type { Db } from '../client'
import { funnelStatement, stagesOfFunnelStatement } from './funnels'

export type BoardFilters = {
  accountId: number
  /** Set for agents: only conversations of inboxes they are members of. */
  agentId: number | null
  assigneeId?: number
  inboxId?: number
  labels: string[]
}

export type BoardCardRow = {
  stage_id: number
  placement_id: number
  entered_at: number
  display_id: number
  status: string
  assignee_id: number | null
  inbox_id: number
  labels: string
  last_activity_at: number
  contact_id: number
  contact_name: string
  products: string | null
}

export type Cursor = { enteredAt: number; id: number }

const filtered = (f: BoardFilters) =>
  f.agentId !== null || f.assigneeId !== undefined || f.inboxId !== undefined || f.labels.length > 0

/** The filters on a conversation table alias; undefined parts are left out. */
function conversationConditions(f: BoardFilters, c: string): SQL[] {
  const col = (name: string) => sql.raw(`${c}.${name}`)
  const conditions: SQL[] = []
  if (f.agentId !== null) {
    conditions.push(
      sql`${col('inbox_id')} in (select inbox_id from inbox_members where account_id = ${f.accountId} and user_id = ${f.agentId})`,
    )
  }
  if (f.inboxId !== undefined) conditions.push(sql`${col('inbox_id')} = ${f.inboxId}`)
  if (f.assigneeId !== undefined) conditions.push(sql`${col('assignee_id')} = ${f.assigneeId}`)
  if (f.labels.length > 0) {
    conditions.push(
      sql`exists (select 1 from conversation_labels cl where cl.conversation_id = ${col('id')} and cl.label in (select value from json_each(${JSON.stringify(f.labels)})))`,
    )
  }
  return conditions
}

const andAll = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`` : sql` and ${sql.join(conditions, sql` and `)}`

/**
 * Σ value × quantity over product rows `p`, exact, as comma-separated integer parts (read back
 * by `exactSum`). 'fast': each value split at 10^8, two sums whose terms stay below 10^14, so
 * they fit 64 bits for tens of thousands of maximal lines; SQLite's sum() fails with "integer
 * overflow" rather than wrapping, and the caller then retries 'wide': each line split into four
 * parts below 10^9, safe for billions of lines. Nothing is ever a float.
 */
export type SumMode = 'fast' | 'wide'

const SUM_PARTS: Record<SumMode, { parts: string[]; weights: bigint[] }> = {
  fast: {
    parts: [
      '(p.product_value_minor / 100000000) * p.quantity',
      '(p.product_value_minor % 100000000) * p.quantity',
    ],
    weights: [10n ** 8n, 1n],
  },
  wide: {
    parts: [
      '((p.product_value_minor / 100000000) * p.quantity) / 1000000000',
      '((p.product_value_minor / 100000000) * p.quantity) % 1000000000',
      '((p.product_value_minor % 100000000) * p.quantity) / 1000000000',
      '((p.product_value_minor % 100000000) * p.quantity) % 1000000000',
    ],
    weights: [10n ** 17n, 10n ** 8n, 10n ** 9n, 1n],
  },
}

const exactSumSql = (mode: SumMode) =>
  sql.raw(
    SUM_PARTS[mode].parts
      .map((part) => `cast(coalesce(sum(${part}), 0) as text)`)
      .join(` || ',' || `),
  )

/** Minor units from `exactSumSql`'s text (its number of parts tells the mode). */
export function exactSum(text: string | null | undefined): bigint {
  if (!text) return 0n
  const parts = text.split(',')
  const { weights } = parts.length === 2 ? SUM_PARTS.fast : SUM_PARTS.wide
  return parts.reduce((total, part, i) => total + BigInt(part) * (weights[i] ?? 0n), 0n)
}

/** Runs the board's batch with fast sums, again with wide ones if a sum left 64 bits. */
async function withExactSums<T>(run: (mode: SumMode) => Promise<T>): Promise<T> {
  try {
    return await run('fast')
  } catch (error) {
    const text = `${String(error)} ${error instanceof Error ? String(error.cause) : ''}`
    if (!/integer overflow/i.test(text)) throw error
    return run('wide')
  }
}

/** Placements of the funnel's stages (joined to their conversation `c` when filtering). */
function placementsFrom(f: BoardFilters, funnelId: number, stageId?: number, products = false) {
  const conversation = filtered(f) ? sql` join conversations c on c.id = cs.conversation_id` : sql``
  const product = products
    ? sql` join conversation_products p on p.conversation_id = cs.conversation_id`
    : sql``
  const stage = stageId === undefined ? sql`` : sql` and s.id = ${stageId}`
  return sql`from funnel_stages s join conversation_stages cs on cs.stage_id = s.id${conversation}${product}
    where s.funnel_id = ${funnelId} and s.account_id = ${f.accountId}${stage}${andAll(conversationConditions(f, 'c'))}`
}

function countsStatement(db: Db, f: BoardFilters, funnelId: number, stageId?: number) {
  return batchable(
    db,
    db.all<{ stage_id: number; n: number }>(
      sql`select cs.stage_id, count(*) as n ${placementsFrom(f, funnelId, stageId)} group by cs.stage_id`,
    ),
  )
}

function totalsStatement(
  db: Db,
  mode: SumMode,
  f: BoardFilters,
  funnelId: number,
  stageId?: number,
) {
  return batchable(
    db,
    db.all<{ stage_id: number; total: string }>(
      sql`select cs.stage_id, ${exactSumSql(mode)} as total ${placementsFrom(f, funnelId, stageId, true)}
      group by cs.stage_id`,
    ),
  )
}

/**
 * The first `limit` placements of each stage (newest arrival first, after `cursor`), each found
 * through the (stage_id, entered_at) index by a per-stage subquery inside this one statement,
 * with the card's conversation, contact and exact product total.
 */
function cardsStatement(
  db: Db,
  mode: SumMode,
  f: BoardFilters,
  funnelId: number,
  limit: number,
  page?: { stageId: number; cursor: Cursor | null },
) {
  const join = filtered(f) ? sql` join conversations c2 on c2.id = x.conversation_id` : sql``
  const after = page?.cursor
    ? sql` and (x.entered_at, x.id) < (${page.cursor.enteredAt}, ${page.cursor.id})`
    : sql``
  const stage = page ? sql` and s.id = ${page.stageId}` : sql``
  return batchable(
    db,
    db.all<BoardCardRow>(sql`select s.id as stage_id, cs.id as placement_id, cs.entered_at,
      c.display_id, c.status, c.assignee_id, c.inbox_id, c.labels, c.last_activity_at,
      ct.id as contact_id, ct.name as contact_name,
      (select ${exactSumSql(mode)} from conversation_products p where p.conversation_id = c.id) as products
    from funnel_stages s
    join conversation_stages cs on cs.id in (
      select x.id from conversation_stages x${join}
      where x.stage_id = s.id${after}${andAll(conversationConditions(f, 'c2'))}
      order by x.entered_at desc, x.id desc limit ${limit})
    join conversations c on c.id = cs.conversation_id
    join contacts ct on ct.id = c.contact_id
    where s.funnel_id = ${funnelId} and s.account_id = ${f.accountId}${stage}
    order by s.position, s.id, cs.entered_at desc, cs.id desc`),
  )
}

/**
 * Everything the board shows, in ONE round trip whatever the number of conversations: the
 * funnel, its stages, per-stage counts and product totals (grouped, index-driven), and one page
 * of cards per stage. `limit` is the page size plus one, to tell whether a next page exists.
 */
export async function loadBoard(db: Db, f: BoardFilters, funnelId: number, limit: number) {
  const [[funnel], stages, counts, totals, cards] = await withExactSums((mode) =>
    db.batch([
      funnelStatement(db, f.accountId, funnelId),
      stagesOfFunnelStatement(db, f.accountId, funnelId),
      countsStatement(db, f, funnelId),
      totalsStatement(db, mode, f, funnelId),
      cardsStatement(db, mode, f, funnelId, limit),
    ]),
  )
  return { funnel, stages, counts, totals, cards }
}

/** One stage's page of cards (after `cursor`) with its count and total, in one round trip. */
export async function loadStagePage(
  db: Db,
  f: BoardFilters,
  funnelId: number,
  stageId: number,
  limit: number,
  cursor: Cursor | null,
) {
  const [[funnel], stages, counts, totals, cards] = await withExactSums((mode) =>
    db.batch([
      funnelStatement(db, f.accountId, funnelId),
      stagesOfFunnelStatement(db, f.accountId, funnelId),
      countsStatement(db, f, funnelId, stageId),
      totalsStatement(db, mode, f, funnelId, stageId),
      cardsStatement(db, mode, f, funnelId, limit, { stageId, cursor }),
    ]),
  )
  return { funnel, stage: stages.find((s) => s.id === stageId), counts, totals, cards }
}
