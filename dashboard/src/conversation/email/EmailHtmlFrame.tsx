import { useSignal } from '@preact/signals'
import { useMemo } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import { emailSrcdoc, hasRemoteImages } from './email-html'

/**
 * A mail's HTML, sanitised, in a frame that can do nothing: `sandbox=""` gives it an opaque
 * origin with no scripts, forms, popups or top navigation, and the CSP in its srcdoc loads no
 * remote content until the agent asks for the images.
 */
export interface EmailHtmlFrameProps {
  html: string
  /** cid → the stored file's path, shown from this origin. */
  inlineImages?: Record<string, string>
}

export function EmailHtmlFrame({ html, inlineImages = {} }: EmailHtmlFrameProps) {
  const t = useStrings().conversation
  const remote = useSignal(false)
  const srcdoc = useMemo(
    () => emailSrcdoc(html, remote.value, { images: inlineImages, origin: location.origin }),
    [html, remote.value, inlineImages],
  )
  const offerImages = !remote.value && hasRemoteImages(html)
  return (
    <div class="cv-email-html">
      {offerImages && (
        <p class="cv-email-remote">
          <span>{t.remoteImagesBlocked}</span>{' '}
          <button
            type="button"
            class="cv-link-button"
            onClick={() => {
              remote.value = true
            }}
          >
            {t.loadRemoteImages}
          </button>
        </p>
      )}
      <iframe
        class="cv-email-frame"
        title={t.fullMessageFrame}
        sandbox=""
        referrerpolicy="no-referrer"
        srcdoc={srcdoc}
      />
    </div>
  )
}
