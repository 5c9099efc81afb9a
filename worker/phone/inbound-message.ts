// The write one inbound text makes, as plain statements and events for one batch: the contact and
// contact inbox when new, the contact inbox's opt-out and last inbound time, the conversation
// when none is open, the message with its media, and the MessageSid (which makes Twilio's retry
// of the same webhook fail the whole batch). Nothing of it is written unless all of it is.
import type { SQL } from 'drizzle-orm'
import type { Statement, Write } from '../conversations/changes'
import { conversationCreation, initialStatus } from '../conversations/create'
import { messageRows, messageWrite, type NewMessage } from '../conversations/messages'
import type { Db } from '../db/client'
import { insertContactInboxStatement } from '../db/queries/contact-inboxes'
import { type ContactRow, insertContactStatement } from '../db/queries/contacts'
import { type ConversationRow, contactInboxIdBySource } from '../db/queries/conversations'
import { lastNonActivityMessageId, MESSAGE_TYPE } from '../db/queries/messages'
import {
  contactIdByPhone,
  insertInboundPhoneMessageStatement,
  updatePhoneContactInboxStatement,
} from '../db/queries/phone'
import type { StoredFile } from '../lib/files'
import type { InboundText } from './inbound-params'
import { optedOutAtAfter } from './opt-out'

// drizzle and the outbox take SQL wherever a batch names a row it inserts earlier; the domain
// helpers type those ids as numbers.
const asId = (id: SQL) => id as unknown as number

/** Where the text lands, as read just before the write (a retry after a lost race reads again). */
export type PhoneThread = {
  inbox: { id: number; accountId: number }
  contact: ContactRow | null
  contactInbox: { id: number; optedOutAt: number | null } | null
  /** The contact inbox's open conversation (or latest, when locked to one), or null for a new one. */
  conversation: ConversationRow | null
  /** The inbox has an active agent bot: a reopened conversation becomes pending. */
  botInbox: boolean
}

const messageOf = (text: InboundText, senderId: number): NewMessage => ({
  messageType: MESSAGE_TYPE.incoming,
  contentType: 'text',
  content: text.body,
  sourceId: text.messageSid,
  sender: { senderType: 'Contact', senderId },
})

export function inboundTextWrite(
  db: Db,
  thread: PhoneThread,
  text: InboundText,
  stored: StoredFile[],
  now: number,
): Write {
  const { inbox } = thread
  const accountId = inbox.accountId
  const statements: Statement[] = []
  const contactId = thread.contact?.id ?? asId(contactIdByPhone(accountId, text.fromNumber))
  if (!thread.contact) {
    statements.push(
      insertContactStatement(db, {
        accountId,
        name: text.profileName ?? text.fromNumber,
        phoneNumber: text.fromNumber,
      }),
    )
  }
  if (!thread.contactInbox) {
    statements.push(
      insertContactInboxStatement(db, {
        accountId,
        contactId,
        inboxId: inbox.id,
        sourceId: text.from,
      }),
    )
  }
  // Every text restarts WhatsApp's window; STOP and START change the opt-out.
  statements.push(
    updatePhoneContactInboxStatement(
      db,
      { inboxId: inbox.id, sourceId: text.from },
      {
        lastInboundAt: now,
        optedOutAt: optedOutAtAfter(thread.contactInbox?.optedOutAt ?? null, text.body, now),
      },
    ),
  )
  const dedupe = (conversationId: number | SQL) =>
    insertInboundPhoneMessageStatement(db, {
      accountId,
      inboxId: inbox.id,
      messageSid: text.messageSid,
      messageId: lastNonActivityMessageId(conversationId),
    })
  if (thread.conversation) {
    const write = messageWrite(
      db,
      thread.conversation,
      messageOf(text, contactId),
      stored,
      now,
      thread.botInbox,
    )
    statements.push(...write.statements, dedupe(thread.conversation.id))
    return { statements, events: write.events }
  }
  const contactInboxId =
    thread.contactInbox?.id ?? asId(contactInboxIdBySource(inbox.id, text.from))
  const status = initialStatus({ blocked: thread.contact?.blocked ?? false })
  const created = conversationCreation(
    db,
    { accountId, inboxId: inbox.id, contactId, contactInboxId },
    { status, waitingSince: status === 'resolved' ? null : now },
    now,
  )
  const first = messageRows(
    db,
    {
      id: created.conversationId,
      accountId,
      inboxId: inbox.id,
      contactId,
      assigneeId: null,
      teamId: null,
      createdAt: now,
      waitingSince: now,
      firstReplyCreatedAt: null,
    },
    messageOf(text, contactId),
    stored,
    now,
  )
  statements.push(
    created.statement,
    ...created.reporting,
    ...first.inserts,
    dedupe(created.conversationId),
    ...first.after,
  )
  return { statements, events: [created.event, first.event] }
}
