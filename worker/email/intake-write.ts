// The write one inbound mail makes, as plain statements and events for one batch: the contact
// and contact inbox when new, the conversation when the mail starts a thread, the message with
// its attachments, the mail's id (which makes a second delivery fail the whole batch) and the
// events. Nothing of it is written unless all of it is.
import type { SQL } from 'drizzle-orm'
import type { Statement, Write } from '../conversations/changes'
import { conversationCreation, initialStatus } from '../conversations/create'
import { messageRows, messageWrite } from '../conversations/messages'
import type { Db } from '../db/client'
import { insertContactInboxStatement } from '../db/queries/contact-inboxes'
import type { ContactRow } from '../db/queries/contacts'
import { insertContactStatement } from '../db/queries/contacts'
import {
  type ConversationRow,
  contactInboxIdBySource,
  updateConversationStatement,
} from '../db/queries/conversations'
import { contactIdByEmail, insertInboundMailStatement } from '../db/queries/inbound-mail'
import { lastNonActivityMessageId, MESSAGE_TYPE } from '../db/queries/messages'
import type { StoredFile } from '../lib/files'
import { conversationMailAttributes, type EmailAttributes } from './inbound-message'
import type { InboundMail } from './parse'

export type MailMessage = {
  mail: InboundMail
  content: string
  email: EmailAttributes
  stored: StoredFile[]
}

// drizzle and the outbox take SQL wherever a batch names a row it inserts earlier; the domain
// helpers type those ids as numbers.
const asId = (id: SQL) => id as unknown as number

function mailIdStatements(
  db: Db,
  inbox: { id: number; accountId: number },
  mail: InboundMail,
  messageId: SQL,
) {
  return mail.messageId
    ? [
        insertInboundMailStatement(db, {
          accountId: inbox.accountId,
          inboxId: inbox.id,
          mailId: mail.messageId,
          messageId,
        }),
      ]
    : []
}

const messageValues = (message: MailMessage) => ({
  messageType: MESSAGE_TYPE.incoming,
  contentType: 'text',
  content: message.content,
  contentAttributes: { email: message.email },
  sourceId: message.mail.messageId,
})

/** Who wrote a mail: the account's contact with the From email, or null to create it. */
export type MailAuthor = {
  contact: ContactRow | null
  sender: { name: string; email: string }
}

/**
 * A mail that joins `conversation`: a message from its author (effects reopen it, as any; pending
 * when `botInbox`, the inbox having an active agent bot). The author may not be the
 * conversation's contact (a cc'd colleague, anyone who saw one of our ids): the message is
 * theirs, the conversation keeps its contact.
 */
export function mailIntoConversation(
  db: Db,
  conversation: ConversationRow,
  author: MailAuthor,
  message: MailMessage,
  now: number,
  botInbox = false,
): Write {
  const { accountId } = conversation
  const { name, email } = author.sender
  const newContact = author.contact ? [] : [insertContactStatement(db, { accountId, name, email })]
  const senderId = author.contact?.id ?? asId(contactIdByEmail(accountId, email))
  const write = messageWrite(
    db,
    conversation,
    { ...messageValues(message), sender: { senderType: 'Contact', senderId } },
    message.stored,
    now,
    botInbox,
  )
  const statements: Statement[] = [
    ...newContact,
    ...write.statements,
    ...mailIdStatements(
      db,
      { id: conversation.inboxId, accountId: conversation.accountId },
      message.mail,
      lastNonActivityMessageId(conversation.id),
    ),
  ]
  if (message.email.sender_auth_failed) {
    // The warning stays on the conversation once any of its mail failed to authenticate.
    const attributes = {
      ...conversation.additionalAttributes,
      sender_auth_failed: true,
      sender_auth: message.mail.auth,
    }
    statements.push(
      updateConversationStatement(db, conversation, { additionalAttributes: attributes }),
    )
  }
  return { statements, events: write.events }
}

export type NewThread = {
  inbox: { id: number; accountId: number }
  /** The account's contact with the sender's email, or null to create it. */
  contact: ContactRow | null
  /** The contact's contact inbox in this inbox, or null to create it. */
  contactInboxId: number | null
  sender: { name: string; email: string }
}

/** A mail that starts a conversation in the inbox, with its contact when new. */
export function mailStartingConversation(
  db: Db,
  thread: NewThread,
  message: MailMessage,
  now: number,
): Write {
  const { inbox, sender } = thread
  const accountId = inbox.accountId
  const statements: Statement[] = []
  const contactId = thread.contact?.id ?? asId(contactIdByEmail(accountId, sender.email))
  if (!thread.contact) {
    statements.push(
      insertContactStatement(db, { accountId, name: sender.name, email: sender.email }),
    )
  }
  let contactInboxId: number | SQL
  if (thread.contactInboxId !== null) {
    contactInboxId = thread.contactInboxId
  } else {
    statements.push(
      insertContactInboxStatement(db, {
        accountId,
        contactId,
        inboxId: inbox.id,
        sourceId: sender.email,
      }),
    )
    contactInboxId = contactInboxIdBySource(inbox.id, sender.email)
  }
  const status = initialStatus({ blocked: thread.contact?.blocked ?? false })
  const created = conversationCreation(
    db,
    { accountId, inboxId: inbox.id, contactId, contactInboxId },
    {
      status,
      waitingSince: status === 'resolved' ? null : now,
      additionalAttributes: conversationMailAttributes(message.mail, message.email),
    },
    now,
  )
  const conversationId = created.conversationId
  const first = messageRows(
    db,
    {
      id: conversationId,
      accountId,
      inboxId: inbox.id,
      contactId,
      assigneeId: null,
      teamId: null,
      createdAt: now,
      waitingSince: now,
      firstReplyCreatedAt: null,
    },
    { ...messageValues(message), sender: { senderType: 'Contact', senderId: contactId } },
    message.stored,
    now,
  )
  statements.push(
    created.statement,
    ...created.reporting,
    ...first.inserts,
    ...mailIdStatements(db, inbox, message.mail, lastNonActivityMessageId(conversationId)),
    ...first.after,
  )
  return { statements, events: [created.event, first.event] }
}
