import { signal } from '@preact/signals'
import { ApiError, unwrap } from '../api/client'
import type { Conversation, components } from '../api/schema'
import { createAccountList } from '../live/cache-keys'
import type { ConversationStore } from './store'

type Schemas = components['schemas']
export type Agent = Schemas['Agent']
export type Team = Schemas['Team']
export type Label = Schemas['Label']
export type Priority = NonNullable<Conversation['priority']>
export type Status = Conversation['status']

export const PRIORITIES: Priority[] = ['low', 'medium', 'high', 'urgent']

function pathOf(store: ConversationStore) {
  const { accountId, displayId } = store.state.deps
  return { path: { account_id: accountId, conversation_id: displayId } }
}

function patch(store: ConversationStore, change: Partial<Conversation>) {
  const current = store.state.conversation.value
  if (current) store.state.conversation.value = { ...current, ...change }
}

/** Runs a change; its failure is shown (and the server's record stays what is displayed). */
async function run(store: ConversationStore, action: () => Promise<void>): Promise<void> {
  store.state.actionError.value = null
  try {
    await action()
  } catch (error) {
    store.state.actionError.value = error instanceof ApiError ? error.message : String(error)
  }
}

export function assignAgent(store: ConversationStore, agentId: number | null) {
  return run(store, async () => {
    const answer = await unwrap(
      store.state.deps.api.POST(
        '/api/v1/accounts/{account_id}/conversations/{conversation_id}/assignments',
        { params: pathOf(store), body: { assignee_id: agentId } },
      ),
    )
    const current = store.state.conversation.value
    if (!current) return
    const meta = { ...current.meta }
    if (answer && 'role' in answer) meta.assignee = answer
    else delete meta.assignee
    patch(store, { meta })
  })
}

export function assignTeam(store: ConversationStore, teamId: number | null) {
  return run(store, async () => {
    const answer = await unwrap(
      store.state.deps.api.POST(
        '/api/v1/accounts/{account_id}/conversations/{conversation_id}/assignments',
        { params: pathOf(store), body: { team_id: teamId } },
      ),
    )
    const current = store.state.conversation.value
    if (!current) return
    const meta = { ...current.meta }
    if (answer && !('role' in answer)) meta.team = answer as Schemas['ConversationTeam']
    else delete meta.team
    patch(store, { meta })
  })
}

export function setLabels(store: ConversationStore, labels: string[]) {
  return run(store, async () => {
    const answer = await unwrap(
      store.state.deps.api.POST(
        '/api/v1/accounts/{account_id}/conversations/{conversation_id}/labels',
        { params: pathOf(store), body: { labels } },
      ),
    )
    patch(store, { labels: answer.payload })
  })
}

export function setPriority(store: ConversationStore, priority: Priority | null) {
  return run(store, async () => {
    await unwrap(
      store.state.deps.api.POST(
        '/api/v1/accounts/{account_id}/conversations/{conversation_id}/toggle_priority',
        { params: pathOf(store), body: { priority } },
      ),
    )
    patch(store, { priority })
  })
}

/** Resolve, reopen, pend or snooze (`snoozedUntil` null: until the next reply). */
export function setStatus(store: ConversationStore, status: Status, snoozedUntil?: number | null) {
  return run(store, async () => {
    const body = status === 'snoozed' ? { status, snoozed_until: snoozedUntil ?? null } : { status }
    const answer = await unwrap(
      store.state.deps.api.POST(
        '/api/v1/accounts/{account_id}/conversations/{conversation_id}/toggle_status',
        { params: pathOf(store), body },
      ),
    )
    patch(store, {
      status: answer.payload.current_status,
      snoozed_until: answer.payload.snoozed_until,
    })
  })
}

/**
 * The account's agents, teams and labels the actions offer, loaded as the pane opens; teams and
 * labels again whenever Settings changes them (`account.cache_invalidated` on the feed). `stop`
 * when the pane closes.
 */
export function createDirectory(store: ConversationStore) {
  const { api, accountId, feed } = store.state.deps
  const path = { path: { account_id: accountId } }
  const agents = signal<Agent[]>([])
  void unwrap(api.GET('/api/v1/accounts/{account_id}/agents', { params: path }))
    .then((found) => {
      agents.value = found
    })
    .catch(() => {})
  const teams = createAccountList<Team>(feed, 'team', () =>
    unwrap(api.GET('/api/v1/accounts/{account_id}/teams', { params: path })),
  )
  const labels = createAccountList<Label>(feed, 'label', () =>
    unwrap(api.GET('/api/v1/accounts/{account_id}/labels', { params: path })).then(
      (found) => found.payload,
    ),
  )
  return {
    agents,
    teams: teams.items,
    labels: labels.items,
    // The label menu asks again as it opens too: a missed frame costs no more than a reopen.
    refreshLabels: labels.reload,
    stop() {
      teams.stop()
      labels.stop()
    },
  }
}
export type Directory = ReturnType<typeof createDirectory>
