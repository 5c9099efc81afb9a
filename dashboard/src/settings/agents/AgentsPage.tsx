import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import type { Agent } from '../../api/schema'
import { useAccount } from '../../app/context'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { PageHeader } from '../../workspace/ui/PageHeader'
import { messageOf, useLoad } from '../../workspace/ui/useLoad'
import { AgentsTable } from './AgentsTable'
import { agentCalls, type ShownLink } from './agents-api'
import { InviteAgentForm } from './InviteAgentForm'
import { LinkPanel } from './LinkPanel'
import '../../styles/settings-pages.css'
import './agents.css'

/**
 * Settings › Agents: who works in the account, inviting someone (the page shows the one-time
 * invitation link to hand over), their role, their invitation and reset links, and removal.
 */
export default function AgentsPage(_props: SettingsPageProps) {
  const t = useStrings().agents
  const { api, accountId, feed } = useAccount()
  const calls = agentCalls(api, accountId)
  const agents = useLoad(() => calls.list(), [accountId])
  const link = useSignal<ShownLink | null>(null)
  const error = useSignal<string | null>(null)
  const success = useSignal<string | null>(null)

  // Colleagues come online, get busy or leave while the page is open (the feed's presence.update).
  useEffect(() => {
    const stop = feed.subscribe((frame) => {
      if (frame.event !== 'presence.update' || !agents.data.value) return
      const users = frame.data.users
      agents.data.value = agents.data.value.map((agent) => {
        const status = users[String(agent.id)]
        return status ? { ...agent, availability_status: status } : agent
      })
    })
    const stopResync = feed.onResync(() => void agents.reload())
    return () => {
      stop()
      stopResync()
    }
  }, [feed])

  async function act(change: () => Promise<unknown>, message: string) {
    error.value = null
    success.value = null
    try {
      await change()
      success.value = message || null
    } catch (failure) {
      error.value = messageOf(failure)
    }
    await agents.reload()
  }

  function invited(agent: Agent) {
    const name = agent.available_name || agent.name
    if (agent.invitation_url && agent.invitation_expires_at) {
      link.value = {
        kind: 'invitation',
        name,
        url: agent.invitation_url,
        expiresAt: agent.invitation_expires_at,
      }
      success.value = format(t.invitedWithLink, { name })
    } else {
      link.value = null
      success.value = format(t.invited_, { name })
    }
    error.value = null
    void agents.reload()
  }

  const list = agents.data.value
  return (
    <div class="agents-page">
      <PageHeader title={t.title} description={t.description} />
      <InviteAgentForm calls={calls} onInvited={invited} />
      <FormStatus error={error.value ?? agents.error.value} success={success.value} />
      {link.value && (
        <LinkPanel
          link={link.value}
          onClose={() => {
            link.value = null
          }}
        />
      )}
      {list === undefined ? (
        <p>{agents.loading.value ? t.loading : ''}</p>
      ) : (
        <AgentsTable
          agents={list}
          calls={calls}
          act={act}
          showLink={(shown) => {
            link.value = shown
          }}
        />
      )}
    </div>
  )
}
