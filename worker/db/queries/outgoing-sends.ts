import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { events, messages } from '../schema'
import { emailInbox, mailable, phoneInbox, sendable, waiting } from './outgoing-mail'

export type WaitingSend = { id: number; channel: 'email' | 'phone' }

/**
 * Of these events' messages, those waiting to go out, and how: as mail on an email inbox, as a
 * text on a phone inbox. Made by `message_created`, or put back to waiting by a retry
 * (`message_updated`). One query for both, because publishing runs it after every commit.
 */
export function waitingSendsOfEvents(db: Db, eventIds: number[]): Promise<WaitingSend[]> {
  return db
    .select({
      id: messages.id,
      channel: sql<WaitingSend['channel']>`case when ${emailInbox} then 'email' else 'phone' end`,
    })
    .from(events)
    .innerJoin(messages, eq(messages.id, events.messageId))
    .where(
      and(
        inArray(events.id, eventIds),
        inArray(events.kind, ['message_created', 'message_updated']),
        waiting,
        or(and(mailable, emailInbox), and(sendable, phoneInbox)),
      ),
    )
}
