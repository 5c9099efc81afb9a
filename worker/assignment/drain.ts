import { assigneeChangeWrite } from '../conversations/assignment'
import { SYSTEM } from '../conversations/changes'
import type { Db } from '../db/client'
import {
  type AssignmentCandidate,
  autoAssignTeamMemberIds,
  listAssignmentCandidates,
  listWaitingConversations,
  stillWaitingGuard,
} from '../db/queries/agent-capacity'
import type { ConversationRow } from '../db/queries/conversations'
import { findInbox } from '../db/queries/inboxes'
import { commitEvents } from '../events/outbox'
import { toInbox } from '../schemas/inboxes'
import { hasRoom, nextAssignee } from './round-robin'

/** What a drain did: the round-robin cursor to keep, and the events to publish. */
export type DrainResult = { cursor: number | null; eventIds: number[] }

/**
 * Assigns an inbox's waiting conversations, oldest first, each to the next agent with room in
 * round-robin order, until no one has room. The caller serialises drains per inbox (the
 * AssignmentQueue Durable Object) and keeps `cursor`; the queue itself is D1's state. A
 * conversation whose team allows auto-assignment goes only to that team's members in the inbox
 * (as in Chatwoot); one no member of its team can take waits, and younger ones still go.
 * Each assignment is its own batch behind `stillWaitingGuard`, so a manual assignment that lands
 * first wins and the conversation is skipped.
 */
export async function drainInbox(
  db: Db,
  accountId: number,
  inboxId: number,
  cursor: number | null,
  now: number,
): Promise<DrainResult> {
  const inbox = await findInbox(db, accountId, inboxId)
  if (!inbox || !toInbox(inbox, { withSecrets: false }).enable_auto_assignment) {
    return { cursor, eventIds: [] }
  }
  let candidates = await listAssignmentCandidates(db, accountId, inboxId)
  if (!candidates.some(hasRoom)) return { cursor, eventIds: [] }
  const waiting = await listWaitingConversations(db, accountId, inboxId)
  const teams = new Map<number, ReadonlySet<number> | null>()
  const eventIds: number[] = []
  for (const conversation of waiting) {
    if (!candidates.some(hasRoom)) break
    const allowed = await teamFilter(db, teams, conversation)
    const agent = nextAssignee(candidates, cursor, allowed)
    if (!agent) continue
    const committed = await assign(db, conversation, agent, now)
    if (committed) {
      eventIds.push(...committed)
      agent.inboxOpen += 1
      agent.accountOpen += 1
      cursor = agent.userId
    } else {
      // Lost to a manual change or another inbox's assignment: read the loads again.
      candidates = await listAssignmentCandidates(db, accountId, inboxId)
    }
  }
  return { cursor, eventIds }
}

async function teamFilter(
  db: Db,
  teams: Map<number, ReadonlySet<number> | null>,
  conversation: ConversationRow,
) {
  if (conversation.teamId === null) return null
  if (!teams.has(conversation.teamId)) {
    teams.set(
      conversation.teamId,
      await autoAssignTeamMemberIds(db, conversation.accountId, conversation.teamId),
    )
  }
  return teams.get(conversation.teamId) ?? null
}

/** The event ids of the assignment, or null when its guard refused it (nothing was written). */
async function assign(
  db: Db,
  conversation: ConversationRow,
  agent: AssignmentCandidate,
  now: number,
) {
  const write = assigneeChangeWrite(
    db,
    conversation,
    { id: agent.userId, name: agent.name },
    SYSTEM as { type: 'system' },
    now,
  )
  if (!write) return null
  try {
    const { eventIds } = await commitEvents(
      db,
      [stillWaitingGuard(db, conversation, agent), ...write.statements],
      write.events,
    )
    return eventIds
  } catch (error) {
    if (!String(error).includes('malformed JSON')) throw error
    return null
  }
}
