import { createDb, type Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import {
  findConversationOfAccountByUuid,
  findEmailInboxByIdentifier,
  findInboxOfAccount,
} from '../db/queries/inbound-mail'
import type { InboxRow } from '../db/queries/inboxes'
import { accountBinding, inboxAccountId } from '../db/shards'
import type { InboundTarget } from '../email/reply-address'

/** Where a mail goes: an email inbox, or (reply+ address) one conversation and its inbox. */
export type MailPlace = {
  db: Db
  accountId: number
  inbox: InboxRow
  conversation: ConversationRow | null
}

/**
 * The inbox or conversation an envelope recipient names, looked up only in the account it names
 * (the directory's route for an inbox identifier, the account id of a reply+ address): a uuid of
 * another account's conversation is not found.
 */
export async function placeOf(env: Env, target: InboundTarget): Promise<MailPlace | null> {
  if (target.kind === 'inbox') {
    const accountId = await inboxAccountId(env, target.identifier)
    if (accountId === undefined) return null
    const db = createDb(await accountBinding(env, accountId))
    const inbox = await findEmailInboxByIdentifier(db, accountId, target.identifier)
    return inbox ? { db, accountId, inbox, conversation: null } : null
  }
  const accountId = target.accountId
  const db = createDb(await accountBinding(env, accountId))
  const conversation = await findConversationOfAccountByUuid(db, accountId, target.conversationUuid)
  if (!conversation) return null
  const inbox = await findInboxOfAccount(db, accountId, conversation.inboxId)
  return inbox ? { db, accountId, inbox, conversation } : null
}
