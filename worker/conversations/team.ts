import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import { type Agent, activityText, patchConversation, type Write } from './changes'

/**
 * Setting the team (`team`, an account team the caller found; null removes it), with its activity
 * line naming the new team or the one removed (`previousName`, the conversation's current team's
 * name when the caller knows it); null when the team does not change.
 */
export function teamChangeWrite(
  db: Db,
  conversation: ConversationRow,
  team: { id: number; name: string } | null,
  previousName: string | undefined,
  actor: Agent,
  now: number,
): Write | null {
  if ((team?.id ?? null) === conversation.teamId) return null
  const text = team
    ? activityText.teamAssigned(team.name, actor.name)
    : activityText.teamRemoved(previousName ?? 'team', actor.name)
  return patchConversation(db, conversation, { teamId: team?.id ?? null }, now, [text])
}
