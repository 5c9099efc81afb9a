import { type ApiClient, unwrap } from '../../api/client'
import type { Agent } from '../../api/schema'
import { submit } from '../shared/submit'

export type AgentRole = Agent['role']

/** A link to hand to an agent: an invitation's or a password reset's. */
export interface ShownLink {
  kind: 'invitation' | 'reset'
  name: string
  url: string
  /** ISO date-time. */
  expiresAt: string
}

/** The Agents page's calls to the API, for one account. */
export function agentCalls(api: ApiClient, accountId: number) {
  const path = { account_id: accountId }
  const one = (id: number) => ({ params: { path: { ...path, id } } })
  return {
    list: () => unwrap(api.GET('/api/v1/accounts/{account_id}/agents', { params: { path } })),
    // `submit`: a refusal names its fields (email taken, name missing).
    /** The inboxes an invitation may add the agent to (administrators read them all). */
    inboxes: () =>
      unwrap(api.GET('/api/v1/accounts/{account_id}/inboxes', { params: { path } })).then(
        (body) => body.payload,
      ),
    invite: (body: { name: string; email: string; role: AgentRole; inbox_ids?: number[] }) =>
      submit(api.POST('/api/v1/accounts/{account_id}/agents', { params: { path }, body })),
    setRole: (id: number, role: AgentRole) =>
      unwrap(
        api.PATCH('/api/v1/accounts/{account_id}/agents/{id}', { ...one(id), body: { role } }),
      ),
    remove: (id: number) =>
      unwrap(api.DELETE('/api/v1/accounts/{account_id}/agents/{id}', one(id))),
    resendInvitation: (id: number) =>
      unwrap(api.POST('/api/v1/accounts/{account_id}/agents/{id}/invitation', one(id))),
    revokeInvitation: (id: number) =>
      unwrap(api.DELETE('/api/v1/accounts/{account_id}/agents/{id}/invitation', one(id))),
    resetLink: (id: number) =>
      unwrap(api.POST('/api/v1/accounts/{account_id}/agents/{id}/password_reset', one(id))),
  }
}

export type AgentCalls = ReturnType<typeof agentCalls>
