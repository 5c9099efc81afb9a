import { useSignalEffect } from '@preact/signals'
import { useId, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { format } from '../i18n'
import {
  assignAgent,
  assignTeam,
  PRIORITIES,
  type Priority,
  setPriority,
  setStatus,
} from './actions'
import { usePane } from './context'
import { messageTime } from './format'
import { LabelsMenu } from './LabelsMenu'
import { Popover } from './Popover'
import { SnoozeMenu } from './SnoozeMenu'

/** Assignee, team, labels, priority, snooze, Resolve / Reopen: each from the server's answer. */
export function ActionsBar() {
  const { me, strings } = useAccount()
  const t = strings.conversation
  const { store, directory, assignRequest } = usePane()
  const conversation = store.state.conversation.value
  const assigneeSelect = useRef<HTMLSelectElement>(null)
  const ids = { assignee: useId(), team: useId(), priority: useId() }

  useSignalEffect(() => {
    if (assignRequest.value) assigneeSelect.current?.focus()
  })

  if (!conversation) return null
  const assignee = conversation.meta.assignee
  const assigneeId = assignee && 'role' in assignee ? assignee.id : null
  const team = conversation.meta.team
  const agents = directory.agents.value
  const teams = directory.teams.value
  const status = conversation.status

  return (
    // biome-ignore lint/a11y/useSemanticElements: buttons and pickers that act at once, not a form's field set
    <div class="cv-actions" role="group" aria-label={t.actions}>
      <p class="cv-status">
        {status === 'snoozed' && conversation.snoozed_until
          ? format(t.snoozedUntil, { time: messageTime(conversation.snoozed_until) })
          : t.status[status]}
      </p>
      <span class="cv-field">
        <label for={ids.assignee}>{t.assignee}</label>
        <select
          ref={assigneeSelect}
          id={ids.assignee}
          value={assigneeId === null ? '' : String(assigneeId)}
          onChange={(event) => {
            const value = event.currentTarget.value
            void assignAgent(store, value ? Number(value) : null)
          }}
        >
          <option value="">{t.unassigned}</option>
          {assignee && 'role' in assignee && !agents.some((a) => a.id === assignee.id) && (
            <option value={String(assignee.id)}>{assignee.name}</option>
          )}
          {agents.map((agent) => (
            <option key={agent.id} value={String(agent.id)}>
              {agent.available_name || agent.name}
            </option>
          ))}
        </select>
      </span>
      {assigneeId !== me.id && (
        <button type="button" onClick={() => void assignAgent(store, me.id)}>
          {t.assignToMe}
        </button>
      )}
      <span class="cv-field">
        <label for={ids.team}>{t.team}</label>
        <select
          id={ids.team}
          value={team ? String(team.id) : ''}
          onChange={(event) => {
            const value = event.currentTarget.value
            void assignTeam(store, value ? Number(value) : null)
          }}
        >
          <option value="">{t.noTeam}</option>
          {team && !teams.some((item) => item.id === team.id) && (
            <option value={String(team.id)}>{team.name}</option>
          )}
          {teams.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </select>
      </span>
      <Popover menu="labels" label={t.labels} panel={() => <LabelsMenu />}>
        {t.labels}
      </Popover>
      <span class="cv-field">
        <label for={ids.priority}>{t.priority}</label>
        <select
          id={ids.priority}
          value={conversation.priority ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value as Priority | ''
            void setPriority(store, value || null)
          }}
        >
          <option value="">{t.priorities.none}</option>
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t.priorities[priority]}
            </option>
          ))}
        </select>
      </span>
      <Popover menu="snooze" label={t.snooze} panel={(close) => <SnoozeMenu close={close} />}>
        {t.snooze}
      </Popover>
      {status !== 'resolved' && (
        <button type="button" class="cv-primary" onClick={() => void setStatus(store, 'resolved')}>
          {t.resolve}
        </button>
      )}
      {status !== 'open' && (
        <button type="button" onClick={() => void setStatus(store, 'open')}>
          {t.reopen}
        </button>
      )}
      {store.state.actionError.value && (
        <p class="cv-error" role="alert">
          {format(t.actionFailed, { message: store.state.actionError.value })}
        </p>
      )}
    </div>
  )
}
