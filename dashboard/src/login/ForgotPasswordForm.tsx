import { useSignal } from '@preact/signals'
import { ApiError } from '../api/client'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { AuthForm } from './AuthForm'

export interface ForgotPasswordFormProps {
  /** POST /auth/password; it answers the same whether or not the email is known. */
  requestReset(email: string): Promise<void>
  onBack(): void
}

/**
 * "Forgot password?": one email field. Once asked, it says the same thing for any email (the
 * server does not tell whether it knows it), in a status region a screen reader reads out.
 */
export function ForgotPasswordForm({ requestReset, onBack }: ForgotPasswordFormProps) {
  const t = useStrings().shell
  const submitting = useSignal(false)
  const sent = useSignal(false)
  const error = useSignal('')

  async function submit(event: Event) {
    event.preventDefault()
    if (submitting.value) return
    const email = String(new FormData(event.currentTarget as HTMLFormElement).get('email'))
    submitting.value = true
    error.value = ''
    try {
      await requestReset(email)
      sent.value = true
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : -1
      if (status === 429) {
        error.value = format(t.tooManyAttempts, {
          seconds: (failure as ApiError).retryAfter ?? 60,
        })
      } else if (status === 0) error.value = t.offline
      else error.value = t.resetRequestFailed
    } finally {
      submitting.value = false
    }
  }

  return (
    <AuthForm
      title={t.forgotTitle}
      errorId="forgot-error"
      error={error.value}
      onSubmit={submit}
      actions={
        <>
          {!sent.value && (
            <button type="submit" class="button button-primary" disabled={submitting.value}>
              {submitting.value ? t.sendingResetLink : t.sendResetLink}
            </button>
          )}
          <button type="button" class="button" onClick={onBack}>
            {t.backToSignIn}
          </button>
        </>
      }
    >
      <p id="forgot-intro">{t.forgotIntro}</p>
      <label for="forgot-email">{t.email}</label>
      <input
        id="forgot-email"
        name="email"
        type="email"
        autocomplete="username"
        aria-describedby="forgot-intro"
        required
        readOnly={sent.value}
      />
      <p role="status">{sent.value ? t.resetLinkSent : ''}</p>
    </AuthForm>
  )
}
