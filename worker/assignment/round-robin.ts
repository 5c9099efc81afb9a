import type { AssignmentCandidate } from '../db/queries/agent-capacity'

/**
 * Whether an agent may take one more conversation: online and under both limits of their
 * capacity policy (open conversations in this inbox, and in the whole account). Availability is
 * the effective one (worker/lib/presence.ts): what they chose, while a dashboard of theirs is
 * open or auto_offline is off.
 */
export function hasRoom(agent: AssignmentCandidate) {
  return (
    agent.availability === 'online' &&
    (agent.inboxLimit === null || agent.inboxOpen < agent.inboxLimit) &&
    (agent.overallLimit === null || agent.accountOpen < agent.overallLimit)
  )
}

/**
 * The next agent in round-robin order: candidates are ordered by user id, and the turn passes to
 * the first one with room after `cursor` (the last agent this inbox assigned to), wrapping
 * around. `allowed` narrows the choice to a team's members; null leaves it open.
 */
export function nextAssignee(
  candidates: readonly AssignmentCandidate[],
  cursor: number | null,
  allowed: ReadonlySet<number> | null,
) {
  const eligible = candidates.filter((c) => hasRoom(c) && (!allowed || allowed.has(c.userId)))
  if (eligible.length === 0) return null
  return eligible.find((c) => cursor === null || c.userId > cursor) ?? eligible[0]
}
