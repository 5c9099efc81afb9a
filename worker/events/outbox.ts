import type { SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Db } from '../db/client'
import { events } from '../db/schema'
import type { AppEnv } from '../env'
import { describeError } from '../errors'
import type { ChangedAttribute, EventKind } from './kinds'
import { publishEvents } from './publish'

export type EventInput = {
  kind: EventKind
  accountId: number
  /** Table ids (not display ids). SQL lets a batch refer to a row it inserts earlier. */
  conversationId?: number | SQL | null
  messageId?: number | SQL | null
  contactId?: number | SQL | null
  inboxId?: number | SQL | null
  changedAttributes?: ChangedAttribute[]
  data?: Record<string, unknown>
}

/** The outbox insert for one event; put it in the same `db.batch` as the change it records. */
export function eventStatement(db: Db, event: EventInput) {
  return db
    .insert(events)
    .values({
      accountId: event.accountId,
      kind: event.kind,
      conversationId: event.conversationId ?? null,
      messageId: event.messageId ?? null,
      contactId: event.contactId ?? null,
      inboxId: event.inboxId ?? null,
      changedAttributes: event.changedAttributes ?? [],
      data: event.data ?? {},
    })
    .returning({ id: events.id })
}

type Statement = Parameters<Db['batch']>[0][number]

/**
 * Writes `statements` and their event rows atomically (one D1 batch), then publishes the events
 * after the response without delaying it. Returns the statements' results in order.
 * `publishAfter` runs first with those results, and publishing waits for the work it returns:
 * a reply's send to the visitor does not share the isolate with rendering every event.
 */
export async function commitWithEvents<T extends readonly [Statement, ...Statement[]]>(
  c: Context<AppEnv>,
  statements: T,
  eventInputs: EventInput[],
  publishAfter?: (results: unknown[]) => Promise<unknown> | undefined,
) {
  const db = c.var.db
  const eventStatements = eventInputs.map((e) => eventStatement(db, e))
  const results = (await db.batch([...statements, ...eventStatements] as unknown as T)) as unknown[]
  const eventIds = results
    .slice(statements.length)
    .flatMap((rows) => (rows as { id: number }[]).map((r) => r.id))
  const first = publishAfter?.(results.slice(0, statements.length))
  if (eventIds.length > 0) {
    const publish = () => publishEvents(c.env, eventIds, new URL(c.req.url).origin)
    schedule(c, first ? first.then(publish, publish) : publish())
  }
  return results.slice(0, statements.length) as {
    [K in keyof T]: Awaited<T[K]>
  }
}

function schedule(c: Context<AppEnv>, work: Promise<unknown>) {
  const guarded = work.catch((error: unknown) => {
    // The cron sweep re-publishes whatever stayed unpublished; nothing is lost here.
    console.error(
      JSON.stringify({ level: 'warn', msg: 'event publish failed', error: describeError(error) }),
    )
  })
  try {
    c.executionCtx.waitUntil(guarded)
  } catch {
    // No execution context (app.request in unit tests): let it run on its own.
  }
}
