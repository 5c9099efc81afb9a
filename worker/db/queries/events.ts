import { getTableColumns, is, SQL, sql } from 'drizzle-orm'
import type { ChangedAttribute, EventKind } from '../../events/kinds'
import type { Db } from '../client'
import { events } from '../schema'

/** A value of the event row, or SQL computing it (from a row the batch inserts, or a FROM). */
type Computed<T> = T | SQL

export type EventInput = {
  kind: EventKind
  accountId: Computed<number>
  /** Table ids (not display ids). SQL lets a batch refer to a row it inserts earlier. */
  conversationId?: Computed<number> | null
  messageId?: Computed<number> | null
  contactId?: Computed<number> | null
  inboxId?: Computed<number> | null
  changedAttributes?: Computed<ChangedAttribute[]>
  data?: Computed<Record<string, unknown>>
}

type EventRowInput = Partial<Record<keyof typeof events.$inferInsert, unknown>>

const rowOf = (event: EventInput): EventRowInput => ({
  accountId: event.accountId,
  kind: event.kind,
  conversationId: event.conversationId ?? null,
  messageId: event.messageId ?? null,
  contactId: event.contactId ?? null,
  inboxId: event.inboxId ?? null,
  changedAttributes: event.changedAttributes ?? [],
  data: event.data ?? {},
})

const eventColumns = Object.entries(getTableColumns(events))

/** Where `eventStatement` takes its rows from: a FROM of many rows, and/or a condition. */
export type EventSource = { from?: SQL; where?: SQL }

/**
 * The insert of an event row; the only way one is written. With a `source`, it is
 * `insert … select <values> [from …] [where …]`: one row per row of `from` (the values may be SQL
 * over it), or one row only if `where` holds as the statement runs (`changes() = 1`: the statement
 * before it in the batch changed a row). drizzle's insert-select names every column, so each
 * comes in the table's order, with its default where the event gives no value.
 */
export function eventStatement(db: Db, event: EventInput, source?: EventSource) {
  const row = rowOf(event)
  if (!source) {
    return db
      .insert(events)
      .values(row as typeof events.$inferInsert)
      .returning({ id: events.id })
  }
  const values = eventColumns.map(([key, column]) => {
    const value = row[key as keyof EventRowInput]
    if (value !== undefined) return is(value, SQL) ? value : sql.param(value, column)
    if (is(column.default, SQL)) return column.default
    return column.default === undefined ? sql`null` : sql.param(column.default, column)
  })
  const from = source.from ? sql` from ${source.from}` : sql``
  const where = source.where ? sql` where ${source.where}` : sql``
  return db
    .insert(events)
    .select(sql`select ${sql.join(values, sql`, `)}${from}${where}`)
    .returning({ id: events.id })
}
