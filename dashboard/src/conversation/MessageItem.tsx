import { MessageText } from '../../../protocol/components/MessageText'
import { useAccount } from '../app/context'
import { isoTime, messageTime } from './format'
import { MessageAttachments } from './MessageAttachments'
import { type ChatMessage, MESSAGE_TYPE, messageKey } from './messages'

export interface MessageItemProps {
  message: ChatMessage
  /** contact_last_seen_at: outgoing messages at or before it are marked "Seen". */
  contactSeenAt: number
  onRetry(echoId: string): void
}

function senderName(message: ChatMessage, fallback: { visitor: string; bot: string }): string {
  const sender = message.sender
  if (sender && 'name' in sender && sender.name) return sender.name
  if (message.message_type === MESSAGE_TYPE.incoming) return fallback.visitor
  return fallback.bot
}

/** One message: who and when, its text and files, and where it stands (sending, failed, seen). */
export function MessageItem({ message, contactSeenAt, onRetry }: MessageItemProps) {
  const t = useAccount().strings.conversation
  const key = messageKey(message)
  const time = <time dateTime={isoTime(message.created_at)}>{messageTime(message.created_at)}</time>

  if (message.message_type === MESSAGE_TYPE.activity) {
    return (
      <li class="cv-activity" data-key={key}>
        <span>{message.content}</span> {time}
      </li>
    )
  }

  const incoming = message.message_type === MESSAGE_TYPE.incoming
  const classes = ['cv-message', incoming ? 'cv-incoming' : 'cv-outgoing']
  if (message.private) classes.push('cv-note')
  if (message.delivery) classes.push(`cv-${message.delivery}`)

  let receipt: string | null = null
  if (message.delivery === 'pending') receipt = t.pending
  else if (!incoming && !message.private && message.id !== undefined) {
    if (message.status === 'read' || (contactSeenAt && contactSeenAt >= message.created_at))
      receipt = t.seen
    else receipt = message.status === 'delivered' ? t.delivered : t.sent
  }

  return (
    <li class={classes.join(' ')} data-key={key}>
      <div class="cv-meta">
        <span class="cv-sender">{senderName(message, t)}</span> {time}
        {message.private && <span class="cv-note-badge">{t.privateNote}</span>}
      </div>
      {message.content ? <MessageText text={message.content} /> : null}
      <MessageAttachments attachments={message.attachments} files={message.files} />
      {message.delivery === 'failed' ? (
        <p class="cv-receipt cv-failed-line">
          <span>{t.failed}</span>
          <button
            type="button"
            class="cv-link-button"
            onClick={() => message.echo_id && onRetry(message.echo_id)}
          >
            {t.retry}
          </button>
        </p>
      ) : receipt ? (
        <p class="cv-receipt">{receipt}</p>
      ) : null}
    </li>
  )
}
