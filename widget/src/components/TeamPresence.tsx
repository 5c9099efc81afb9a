import { useEffect } from 'preact/hooks'
import { TEAM } from '../i18n/team'
import { useWidget } from './context'

/** How often the open panel asks again who is online (the public inbox's available_agents). */
const REFRESH_MS = 60_000
const SHOWN = 3

/**
 * Who is there: whether the team is online, with the avatars (or initials) of the inbox's
 * available agents, from their real presence. Asked again while the panel is open, so a
 * colleague who comes or goes shows without a reload.
 */
export function TeamPresence() {
  const widget = useWidget()
  const { state } = widget
  const t = TEAM[state.lang.value]
  const inbox = state.inbox.value
  useEffect(() => {
    const timer = setInterval(() => void widget.refreshInbox(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [widget])
  if (typeof inbox?.online !== 'boolean') return null
  const agents = inbox.available_agents ?? []
  return (
    <div class="team">
      {agents.length > 0 && (
        <span class="avatars">
          {agents.slice(0, SHOWN).map((agent) => (
            <span key={agent.id} class="avatar" role="img" aria-label={agent.name}>
              {agent.avatar_url ? <img src={agent.avatar_url} alt="" /> : initials(agent.name)}
            </span>
          ))}
        </span>
      )}
      <span class="team-status">{inbox.online ? t.online : t.away}</span>
    </div>
  )
}

function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('')
}
