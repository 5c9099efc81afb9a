import type { ApiClient } from '../../api/client'
import { unwrap } from '../../api/client'
import type { components } from '../../api/schema'
import { submit } from '../shared/submit'

export type Policy = components['schemas']['AgentCapacityPolicy']

/** The form's state: limits as typed (blank: no limit), per inbox id. */
export interface PolicyDraft {
  name: string
  description: string
  overall: string
  limits: Record<number, string>
  userIds: number[]
}

export const blankPolicy = (): PolicyDraft => ({
  name: '',
  description: '',
  overall: '',
  limits: {},
  userIds: [],
})

export const draftOfPolicy = (policy: Policy): PolicyDraft => ({
  name: policy.name,
  description: policy.description ?? '',
  overall: policy.overall_conversation_limit?.toString() ?? '',
  limits: Object.fromEntries(
    policy.inbox_capacity_limits.map((l) => [l.inbox_id, String(l.conversation_limit)]),
  ),
  userIds: [...policy.user_ids],
})

/** A typed limit as the API takes it: blank is none, anything else is sent for it to judge. */
const limitOf = (typed: string | undefined) =>
  typed === undefined || typed.trim() === '' ? null : Number(typed)

/**
 * Saves a policy and then brings its inbox limits and agents to the draft's, one call per
 * change (the API has one resource for each), so a refused limit names its field.
 */
export async function savePolicy(
  api: ApiClient,
  accountId: number,
  policy: Policy | null,
  draft: PolicyDraft,
) {
  const body = {
    name: draft.name,
    description: draft.description.trim() || null,
    overall_conversation_limit: limitOf(draft.overall),
  }
  const base = { params: { path: { account_id: accountId } } }
  const saved = policy
    ? await submit(
        api.PATCH('/api/v1/accounts/{account_id}/agent_capacity_policies/{id}', {
          params: { path: { account_id: accountId, id: policy.id } },
          body,
        }),
      )
    : await submit(
        api.POST('/api/v1/accounts/{account_id}/agent_capacity_policies', { ...base, body }),
      )
  const one = { account_id: accountId, id: saved.id }
  for (const [inboxKey, typed] of Object.entries(draft.limits)) {
    const inbox_id = Number(inboxKey)
    const conversation_limit = limitOf(typed)
    const existing = saved.inbox_capacity_limits.find((l) => l.inbox_id === inbox_id)
    const path = { ...one, limit_id: existing?.id ?? 0 }
    if (existing && conversation_limit === null) {
      await unwrap(
        api.DELETE(
          '/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/inbox_limits/{limit_id}',
          { params: { path } },
        ),
      )
    } else if (existing && conversation_limit !== existing.conversation_limit) {
      await submit(
        api.PATCH(
          '/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/inbox_limits/{limit_id}',
          { params: { path }, body: { conversation_limit: conversation_limit as number } },
        ),
      )
    } else if (!existing && conversation_limit !== null) {
      await submit(
        api.POST('/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/inbox_limits', {
          params: { path: one },
          body: { inbox_id, conversation_limit },
        }),
      )
    }
  }
  for (const user_id of draft.userIds.filter((id) => !saved.user_ids.includes(id))) {
    await submit(
      api.POST('/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/users', {
        params: { path: one },
        body: { user_id },
      }),
    )
  }
  for (const user_id of saved.user_ids.filter((id) => !draft.userIds.includes(id))) {
    await unwrap(
      api.DELETE('/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/users/{user_id}', {
        params: { path: { ...one, user_id } },
      }),
    )
  }
}
