import { useSignal } from '@preact/signals'
import { useId } from 'preact/hooks'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { ConfirmButton } from '../../workspace/ui/ConfirmButton'
import { CopyButton } from '../../workspace/ui/CopyButton'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { messageOf } from '../../workspace/ui/useLoad'

export interface SigningSecretProps {
  name: string
  secret: string
  /** Asks the API for a new secret; resolves once the webhook carries it. */
  onRotate(): Promise<void>
}

/** The webhook's secret, masked until revealed, with Copy and Rotate. */
export function SigningSecret({ name, secret, onRotate }: SigningSecretProps) {
  const t = useStrings().webhooks
  const revealed = useSignal(false)
  const error = useSignal<string | null>(null)
  const success = useSignal<string | null>(null)
  const id = useId()
  return (
    <section class="webhook-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t.secretHeading}</h3>
      <p class="webhook-secret">
        <span class="visually-hidden">{format(t.secretLabel, { name })}: </span>
        <code id={`${id}-value`}>{revealed.value ? secret : t.secretMasked}</code>
      </p>
      <div class="row-actions">
        <button
          type="button"
          class="button"
          aria-pressed={revealed.value}
          aria-controls={`${id}-value`}
          onClick={() => {
            revealed.value = !revealed.value
          }}
        >
          {t.reveal}
        </button>
        <CopyButton text={secret} label={t.copySecret} />
        <ConfirmButton
          label={t.rotate}
          question={t.rotateQuestion}
          confirmLabel={t.confirmRotate}
          onConfirm={async () => {
            error.value = null
            success.value = null
            try {
              await onRotate()
              revealed.value = true
              success.value = t.rotated
            } catch (failure) {
              error.value = messageOf(failure)
            }
          }}
        />
      </div>
      <FormStatus error={error.value} success={success.value} />
    </section>
  )
}
