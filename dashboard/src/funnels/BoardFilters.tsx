import type { Agent, Inbox, Label } from '../api/schema'
import { useStrings } from '../i18n/context'
import type { BoardFilterValues } from './board-store'

export interface BoardFiltersProps {
  values: BoardFilterValues
  agents: Agent[]
  inboxes: Inbox[]
  labels: Label[]
  onChange(next: BoardFilterValues): void
}

const idOrNull = (value: string) => (value === '' ? null : Number(value))

/** Narrows the board (counts, totals and cards) to an assignee, an inbox or a label. */
export function BoardFilters({ values, agents, inboxes, labels, onChange }: BoardFiltersProps) {
  const t = useStrings().funnels
  return (
    <fieldset class="board-filters">
      <legend class="visually-hidden">{t.filters}</legend>
      <div class="board-filter">
        <label for="board-assignee">{t.assignee}</label>
        <select
          id="board-assignee"
          value={values.assigneeId === null ? '' : String(values.assigneeId)}
          onChange={(event) =>
            onChange({ ...values, assigneeId: idOrNull(event.currentTarget.value) })
          }
        >
          <option value="">{t.anyone}</option>
          {agents.map((agent) => (
            <option key={agent.id} value={String(agent.id)}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
      <div class="board-filter">
        <label for="board-inbox">{t.inbox}</label>
        <select
          id="board-inbox"
          value={values.inboxId === null ? '' : String(values.inboxId)}
          onChange={(event) =>
            onChange({ ...values, inboxId: idOrNull(event.currentTarget.value) })
          }
        >
          <option value="">{t.anyInbox}</option>
          {inboxes.map((inbox) => (
            <option key={inbox.id} value={String(inbox.id)}>
              {inbox.name}
            </option>
          ))}
        </select>
      </div>
      <div class="board-filter">
        <label for="board-label">{t.label}</label>
        <select
          id="board-label"
          value={values.label}
          onChange={(event) => onChange({ ...values, label: event.currentTarget.value })}
        >
          <option value="">{t.anyLabel}</option>
          {labels.map((label) => (
            <option key={label.id} value={label.title}>
              {label.title}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  )
}
