import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import type { EmailHtmlFrameProps } from './EmailHtmlFrame'

/**
 * A mail's HTML frame, the conversation's only import of it: the frame and its sanitiser
 * (DOMPurify) are a chunk of their own, fetched when an agent first opens a full message, so
 * the inbox's first load never carries them.
 */
export function EmailHtmlSlot(props: EmailHtmlFrameProps) {
  const t = useStrings().conversation
  const [Frame, setFrame] = useState<ComponentType<EmailHtmlFrameProps> | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    import('./EmailHtmlFrame')
      .then((module) => {
        if (live) setFrame(() => module.EmailHtmlFrame)
      })
      .catch(() => {
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [])
  if (failed) return <p class="form-error">{t.fullMessageUnavailable}</p>
  if (!Frame) return <p class="cv-email-loading">{t.fullMessageLoading}</p>
  return <Frame {...props} />
}
