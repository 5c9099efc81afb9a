import { drainAssignmentQueues } from '../assignment/queues'
import { inboxIdsOfMember, releaseAutoAssignHold } from '../db/queries/agent-capacity'
import { MESSAGE_TYPE } from '../db/queries/messages'
import { automationSettings } from './inbox-settings'
import type { Automation, AutomationTrigger } from './run'

function change(trigger: AutomationTrigger, attribute: string) {
  return trigger.event.changedAttributes.find((c) => attribute in c)?.[attribute]
}

/**
 * Auto-assignment (worker/assignment/): pokes the AssignmentQueue of each inbox where something
 * may now be assigned, and returns the events its assignments committed. A queue that has
 * nothing to do (its inbox has auto-assignment off, no one waits, no one has room) commits
 * nothing, so a re-run after a crash is harmless. Triggers:
 * - a new conversation, a reopened one, or one a bot hands off (status → open);
 * - an agent's load dropping (a conversation of theirs leaves open, or is moved off them): every
 *   inbox they are a member of, because the account-wide limit spans inboxes;
 * - a team set on a conversation (it may now go to that team);
 * - the visitor writing to a conversation an agent had unassigned by hand, or its reopening,
 *   which lets it back into the queue (assigneeChangeWrite holds it out until then).
 */
export const autoAssign: Automation = async (env, db, triggers, now) => {
  const byAccount = new Map<number, Set<number>>()
  const poke = (accountId: number, ...inboxIds: number[]) => {
    const set = byAccount.get(accountId) ?? new Set<number>()
    for (const id of inboxIds) set.add(id)
    byAccount.set(accountId, set)
  }
  for (const trigger of triggers) {
    const { conversation, event } = trigger
    const at = conversation.accountId
    const status = change(trigger, 'status')
    const assignee = change(trigger, 'assignee_id')
    // An inbox with auto-assignment off costs its conversations no call to its queue.
    const own = automationSettings(trigger.inbox.settings).enableAutoAssignment
    if (event.kind === 'conversation_created' && own) poke(at, conversation.inboxId)
    if (event.kind === 'conversation_status_changed' && status) {
      if (status.current_value === 'open' && own) {
        await releaseAutoAssignHold(db, at, conversation.id, event.createdAt)
        poke(at, conversation.inboxId)
      }
      const holder = conversation.assigneeType === 'User' ? conversation.assigneeId : null
      if (status.previous_value === 'open' && holder !== null) {
        poke(at, conversation.inboxId, ...(await inboxIdsOfMember(db, at, holder)))
      }
    }
    if (event.kind === 'conversation_updated' && typeof assignee?.previous_value === 'number') {
      poke(at, conversation.inboxId, ...(await inboxIdsOfMember(db, at, assignee.previous_value)))
    }
    if (own && event.kind === 'conversation_updated' && change(trigger, 'team_id')?.current_value) {
      poke(at, conversation.inboxId)
    }
    const incoming =
      event.kind === 'message_created' && trigger.message?.messageType === MESSAGE_TYPE.incoming
    if (own && incoming && conversation.autoAssignHeldAt !== null && trigger.message) {
      await releaseAutoAssignHold(db, at, conversation.id, trigger.message.createdAt)
      poke(at, conversation.inboxId)
    }
  }
  const eventIds: number[] = []
  for (const [accountId, inboxIds] of byAccount) {
    eventIds.push(...(await drainAssignmentQueues(env, accountId, inboxIds, now)))
  }
  return eventIds
}
