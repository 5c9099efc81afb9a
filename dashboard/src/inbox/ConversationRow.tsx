import type { Conversation } from '../api/schema'
import { conversationPath } from '../app/router'
import { LabelChips } from '../conversation/LabelChips'
import { format, type Strings } from '../i18n'
import { relativeTime } from './relative-time'

export interface ConversationRowProps {
  conversation: Conversation
  accountId: number
  selected: boolean
  nowMs: number
  strings: Strings
  navigate(path: string): void
  /** Label colours by title (the account's labels, loaded once for the whole list). */
  labelColors?: ReadonlyMap<string, string>
}

const PRIORITY_KEYS = {
  urgent: 'priorityUrgent',
  high: 'priorityHigh',
  medium: 'priorityMedium',
  low: 'priorityLow',
} as const

/** One conversation in the list: a link (so it opens in a new tab too) to its page. */
export function ConversationRow(props: ConversationRowProps) {
  const { conversation: c, strings } = props
  const t = strings.shell
  const name = c.meta.sender.name || `#${c.id}`
  const last = c.last_non_activity_message
  const preview = last?.content?.trim() || (last?.attachments?.length ? t.attachment : t.noMessages)
  const time = c.last_activity_at || c.created_at
  const assignee = c.meta.assignee?.name
  const href = conversationPath(props.accountId, c.id)

  function open(event: MouseEvent) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    props.navigate(href)
  }

  return (
    <li class={`row${props.selected ? ' row-selected' : ''}${c.unread_count ? ' row-unread' : ''}`}>
      <a
        href={href}
        onClick={open}
        aria-current={props.selected ? 'page' : undefined}
        class="row-link"
        data-display-id={c.id}
      >
        <span class="avatar" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
        <span class="row-main">
          <span class="row-top">
            <span class="row-name">{name}</span>
            <time class="row-time" dateTime={new Date(time * 1000).toISOString()}>
              {relativeTime(time, props.nowMs, t)}
            </time>
          </span>
          <span class="row-preview">{preview}</span>
          <LabelChips
            titles={c.labels ?? []}
            colors={props.labelColors}
            label={strings.conversation.labels}
            more={(count) => format(strings.conversation.moreLabels, { count })}
          />
          <span class="row-meta">
            <span class="row-assignee">
              {assignee ? format(t.assignedTo, { name: assignee }) : t.unassigned}
            </span>
            {c.priority && (
              <span class={`priority priority-${c.priority}`}>
                {format(t.priority, { priority: t[PRIORITY_KEYS[c.priority]] })}
              </span>
            )}
            {c.unread_count > 0 && (
              <span class="badge">
                <span aria-hidden="true">{c.unread_count}</span>
                <span class="visually-hidden">{format(t.unread, { count: c.unread_count })}</span>
              </span>
            )}
          </span>
        </span>
      </a>
    </li>
  )
}
