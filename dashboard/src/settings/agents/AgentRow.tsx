import type { Agent } from '../../api/schema'
import { type AgentsStrings, format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { ConfirmButton } from '../../workspace/ui/ConfirmButton'
import type { AgentCalls, AgentRole, ShownLink } from './agents-api'

export interface AgentRowProps {
  agent: Agent
  calls: AgentCalls
  /** Runs a change and announces its outcome (the message on success, the API's on failure). */
  act(change: () => Promise<unknown>, success: string): Promise<void>
  showLink(link: ShownLink): void
}

const roleLabel = (role: AgentRole, t: AgentsStrings) =>
  role === 'administrator' ? t.administrator : t.agent

/** One agent: its details, its role to change, and its links and removal. */
export function AgentRow({ agent, calls, act, showLink }: AgentRowProps) {
  const t = useStrings().agents
  const name = agent.available_name || agent.name
  const pending = !agent.confirmed
  return (
    <tr>
      <td data-label={t.name}>{name}</td>
      <td data-label={t.email}>{agent.email}</td>
      <td data-label={t.role}>
        <select
          aria-label={format(t.roleOf, { name })}
          value={agent.role}
          onChange={(event) => {
            const role = (event.currentTarget as HTMLSelectElement).value as AgentRole
            void act(
              () => calls.setRole(agent.id, role),
              format(t.roleChanged, { name, role: roleLabel(role, t) }),
            )
          }}
        >
          <option value="agent">{t.agent}</option>
          <option value="administrator">{t.administrator}</option>
        </select>
      </td>
      <td data-label={t.status}>
        <span class={pending ? 'agent-status agent-status-invited' : 'agent-status'}>
          {pending ? t.invited : t.active}
        </span>
      </td>
      <td data-label={t.availability}>
        <span class={`agent-presence agent-presence-${agent.availability_status}`}>
          {t[agent.availability_status]}
        </span>
      </td>
      <td data-label={t.actions}>
        <div class="row-actions">
          {pending && (
            <>
              <button
                type="button"
                class="button"
                onClick={() =>
                  void act(async () => {
                    const link = await calls.resendInvitation(agent.id)
                    showLink({
                      kind: 'invitation',
                      name,
                      url: link.invitation_url,
                      expiresAt: link.expires_at,
                    })
                  }, '')
                }
              >
                {format(t.resend, { name })}
              </button>
              <button
                type="button"
                class="button"
                onClick={() =>
                  void act(() => calls.revokeInvitation(agent.id), format(t.revoked, { name }))
                }
              >
                {format(t.revoke, { name })}
              </button>
            </>
          )}
          <button
            type="button"
            class="button"
            onClick={() =>
              void act(async () => {
                const link = await calls.resetLink(agent.id)
                showLink({ kind: 'reset', name, url: link.reset_url, expiresAt: link.expires_at })
              }, '')
            }
          >
            {format(t.reset, { name })}
          </button>
          <ConfirmButton
            label={format(t.remove, { name })}
            question={t.removeQuestion}
            confirmLabel={t.confirmRemove}
            cancelLabel={t.cancel}
            onConfirm={() => act(() => calls.remove(agent.id), format(t.removed, { name }))}
          />
        </div>
      </td>
    </tr>
  )
}
