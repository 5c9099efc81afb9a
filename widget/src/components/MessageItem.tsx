import { MessageText } from '../../../protocol/components/MessageText'
import { MESSAGE_TYPE, type Message } from '../client/types'
import type { ChatMessage } from '../store/state'
import { useWidget } from './context'
import { usePart } from './use-part'

/** Content types drawn by the rich chunk (widget-part-rich.js), fetched when one first shows. */
const RICH_TYPES = new Set(['input_select', 'cards', 'form', 'input_email', 'input_csat'])

/** A message's files, drawn by widget-part-attachments.js, fetched when the first one shows. */
function Files({ message }: { message: ChatMessage }) {
  const part = usePart('attachments')
  return part ? <part.Attachments attachments={message.attachments} files={message.files} /> : null
}

function Rich({ message }: { message: Message }) {
  const part = usePart('rich')
  return part ? <part.RichMessage message={message} /> : null
}

export interface MessageItemProps {
  message: ChatMessage
  /** "Sent" or "Read", shown under the visitor's latest delivered message. */
  receipt?: string
}

/** One message: who wrote it, its text, attachments, interactive parts and delivery state. */
export function MessageItem({ message, receipt }: MessageItemProps) {
  const widget = useWidget()
  const { state } = widget
  const t = state.t.value
  const mine = message.message_type === MESSAGE_TYPE.incoming
  const sender = message.sender
  const author = mine
    ? t.messages.you
    : sender?.available_name ||
      sender?.name ||
      (sender?.type === 'agent_bot' ? t.messages.bot : state.inbox.value?.name || t.messages.team)
  const time = new Date(message.created_at * 1000)
  const delivery = message.delivery

  return (
    <div class={`message ${mine ? 'mine' : 'theirs'}`} data-delivery={delivery}>
      <p class="meta">
        <span class={mine ? 'sr-only' : 'author'}>{author}</span>{' '}
        <time dateTime={time.toISOString()}>
          {time.toLocaleTimeString(state.lang.value, { hour: '2-digit', minute: '2-digit' })}
        </time>
      </p>
      <div class="bubble">
        {message.content && <MessageText text={message.content} />}
        {!!(message.attachments?.length || message.files?.length) && <Files message={message} />}
      </div>
      {message.id !== undefined && RICH_TYPES.has(message.content_type ?? '') && (
        <Rich message={message as Message} />
      )}
      {delivery && (
        <p class="delivery">
          {t.messages[delivery]}
          {delivery === 'failed' && message.error && `: ${message.error}`}
          {delivery === 'failed' && message.echo_id && (
            <button
              type="button"
              class="link-button"
              onClick={() => widget.retry(message.echo_id as string)}
            >
              {t.messages.retry}
            </button>
          )}
        </p>
      )}
      {!delivery && receipt && <p class="delivery">{receipt}</p>}
    </div>
  )
}
