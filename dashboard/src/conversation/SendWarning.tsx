import { useEffect, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { format } from '../i18n'

/**
 * Shown instead of sending when a colleague replied since the draft was started: the agent
 * sends anyway or reviews the conversation first. Focus moves to it so keyboard users hear it.
 */
export function SendWarning(props: { name: string; onSend: () => void; onReview: () => void }) {
  const t = useAccount().strings.conversation
  const first = useRef<HTMLButtonElement>(null)
  useEffect(() => first.current?.focus(), [])
  return (
    <div class="cv-send-warning" role="alert">
      <p>{format(t.colleagueReplied, { name: props.name || t.colleague })}</p>
      <div class="cv-send-warning-actions">
        <button type="button" ref={first} onClick={props.onReview}>
          {t.review}
        </button>
        <button type="button" class="cv-send" onClick={props.onSend}>
          {t.sendAnyway}
        </button>
      </div>
    </div>
  )
}
