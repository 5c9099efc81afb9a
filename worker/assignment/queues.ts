import { createDb } from '../db/client'
import { inboxIdsOfMember } from '../db/queries/agent-capacity'
import { accountBinding } from '../db/shards'

/**
 * Asks the AssignmentQueue of each inbox to drain, one after the other, and returns the ids of
 * the events they committed (to publish). The binding is reached through `env`, so the domain
 * imports no adapter.
 */
export async function drainAssignmentQueues(
  env: Env,
  accountId: number,
  inboxIds: Iterable<number>,
  now: number,
) {
  const eventIds: number[] = []
  for (const inboxId of new Set(inboxIds)) {
    const queue = env.ASSIGNMENT_QUEUE.getByName(`${accountId}:${inboxId}`)
    eventIds.push(...(await queue.drain(accountId, inboxId, now)))
  }
  return eventIds
}

/**
 * Drains the queues of every inbox the user is a member of in the account: their load dropped or
 * their room grew (they went online, their policy changed), and the account-wide limit spans
 * inboxes.
 */
export async function drainMemberInboxes(
  env: Env,
  accountId: number,
  userIds: number[],
  now: number,
) {
  const db = createDb(await accountBinding(env, accountId))
  const inboxIds = (
    await Promise.all(userIds.map((u) => inboxIdsOfMember(db, accountId, u)))
  ).flat()
  return drainAssignmentQueues(env, accountId, inboxIds, now)
}
