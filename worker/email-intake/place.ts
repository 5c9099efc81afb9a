import { createDb, type Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import {
  findConversationOfAccountByUuid,
  findEmailInboxByIdentifier,
  isAccountActive,
} from '../db/queries/inbound-mail'
import type { InboxRow } from '../db/queries/inboxes'
import { findInbox } from '../db/queries/inboxes'
import { accountBinding, inboxAccountId } from '../db/shards'
import type { InboundTarget } from '../email/reply-address'

/**
 * Where a mail goes: an email inbox, or (reply+ address) one conversation and its inbox; and
 * whether its account is active (a suspended account takes no mail, as it takes no requests).
 */
export type MailPlace = {
  db: Db
  accountId: number
  inbox: InboxRow
  conversation: ConversationRow | null
  accountActive: boolean
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
    if (!inbox) return null
    const accountActive = await isAccountActive(db, accountId)
    return { db, accountId, inbox, conversation: null, accountActive }
  }
  const accountId = target.accountId
  const db = createDb(await accountBinding(env, accountId))
  const conversation = await findConversationOfAccountByUuid(db, accountId, target.conversationUuid)
  if (!conversation) return null
  const inbox = await findInbox(db, accountId, conversation.inboxId)
  if (!inbox) return null
  const accountActive = await isAccountActive(db, accountId)
  return { db, accountId, inbox, conversation, accountActive }
}
