import { useSignal } from '@preact/signals'
import { useId } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import { EmailHtmlSlot } from './EmailHtmlSlot'
import type { EmailAttributes } from './email-attributes'

/**
 * "Show full message": the mail as it came, quoted history and signature included. Its text
 * as text; its HTML only sanitised, in a sandboxed frame (rendered only once asked for).
 */
export function EmailFullMessage({ email }: { email: EmailAttributes }) {
  const t = useStrings().conversation
  const open = useSignal(false)
  const id = useId()
  const fullText = email.text?.full
  const fullHtml = email.html?.full
  if (!fullText && !fullHtml) return null
  return (
    <div class="cv-email-full">
      <button
        type="button"
        class="cv-link-button"
        aria-expanded={open.value}
        aria-controls={id}
        onClick={() => {
          open.value = !open.value
        }}
      >
        {open.value ? t.hideFullMessage : t.showFullMessage}
      </button>
      <div id={id} hidden={!open.value}>
        {open.value && (
          <>
            {fullText && <pre class="cv-email-text">{fullText}</pre>}
            {fullHtml && <EmailHtmlSlot html={fullHtml} inlineImages={email.inlineImages} />}
          </>
        )}
      </div>
    </div>
  )
}
