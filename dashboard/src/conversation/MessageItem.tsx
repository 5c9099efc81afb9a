import { MessageText } from '../../../protocol/components/MessageText'
import { useAccount } from '../app/context'
import { mentionsAsNames } from '../notify/mentions'
import { EmailFullMessage } from './email/EmailFullMessage'
import { EmailHeader } from './email/EmailHeader'
import { automaticKind, emailOf, externalError } from './email/email-attributes'
import { FailedSend } from './email/FailedSend'
import { isoTime, messageTime } from './format'
import { MessageAttachments } from './MessageAttachments'
import { type ChatMessage, MESSAGE_TYPE, messageKey } from './messages'

export interface MessageItemProps {
  message: ChatMessage
  /** contact_last_seen_at: outgoing messages at or before it are marked "Seen". */
  contactSeenAt: number
  onRetry(echoId: string): void
  /** Sends again a message the server marked failed (a mail that could not be sent). */
  onRetrySend(id: number): Promise<void>
}

function senderName(message: ChatMessage, fallback: { visitor: string; bot: string }): string {
  const sender = message.sender
  if (sender && 'name' in sender && sender.name) return sender.name
  if (message.message_type === MESSAGE_TYPE.incoming) return fallback.visitor
  return fallback.bot
}

/**
 * One message: who and when, its text and files, and where it stands (sending, failed, seen).
 * A mail also shows its subject and addresses, and its full original on request.
 */
export function MessageItem({ message, contactSeenAt, onRetry, onRetrySend }: MessageItemProps) {
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

  const email = emailOf(message.content_attributes)
  const sendFailed = message.status === 'failed' && message.id !== undefined
  const messageId = message.id
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
      {email && <EmailHeader email={email} automatic={automaticKind(message.content_attributes)} />}
      {message.content ? (
        <MessageText text={message.private ? mentionsAsNames(message.content) : message.content} />
      ) : null}
      {email && <EmailFullMessage email={email} />}
      <MessageAttachments attachments={message.attachments} files={message.files} />
      {sendFailed && messageId !== undefined ? (
        <FailedSend
          reason={externalError(message.content_attributes)}
          onRetry={() => onRetrySend(messageId)}
        />
      ) : message.delivery === 'failed' ? (
        <p class="cv-receipt cv-failed-line">
          <span>{t.failed}</span>
          {/* Why the server refused it (a phone contact who opted out, WhatsApp's window…). */}
          {message.error && <span class="cv-failed-reason">{message.error}</span>}
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
