import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { ApiError } from '../api/client'
import type { Profile } from '../api/schema'
import { format, type Strings } from '../i18n'
import { AuthForm } from './AuthForm'
import { ForgotPasswordForm } from './ForgotPasswordForm'

export interface LoginPageProps {
  strings: Strings
  signIn(email: string, password: string): Promise<Profile>
  onSignedIn(profile: Profile): void
  /** POST /auth/password; without it the page offers no "Forgot password?". */
  requestReset?(email: string): Promise<void>
}

/** Email and password; errors in an alert region; a 429's Retry-After keeps the button off. */
export function LoginPage({ strings, signIn, onSignedIn, requestReset }: LoginPageProps) {
  const t = strings.shell
  const submitting = useSignal(false)
  const error = useSignal('')
  const waitSeconds = useSignal(0)
  const forgotten = useSignal(false)

  useEffect(() => {
    if (waitSeconds.value <= 0) return
    const timer = setTimeout(() => {
      waitSeconds.value -= 1
      if (waitSeconds.value === 0) error.value = ''
      else error.value = format(t.tooManyAttempts, { seconds: waitSeconds.value })
    }, 1000)
    return () => clearTimeout(timer)
  }, [waitSeconds.value])

  async function submit(event: Event) {
    event.preventDefault()
    if (submitting.value || waitSeconds.value > 0) return
    const form = new FormData(event.currentTarget as HTMLFormElement)
    submitting.value = true
    error.value = ''
    try {
      onSignedIn(await signIn(String(form.get('email')), String(form.get('password'))))
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : -1
      if (status === 429) {
        const seconds = (failure as ApiError).retryAfter ?? 30
        waitSeconds.value = seconds
        error.value = format(t.tooManyAttempts, { seconds })
      } else if (status === 401) error.value = t.wrongCredentials
      else if (status === 0) error.value = t.offline
      else error.value = t.signInFailed
    } finally {
      submitting.value = false
    }
  }

  const disabled = submitting.value || waitSeconds.value > 0
  if (forgotten.value && requestReset) {
    return (
      <ForgotPasswordForm requestReset={requestReset} onBack={() => (forgotten.value = false)} />
    )
  }
  return (
    <AuthForm
      title={t.signInTitle}
      errorId="login-error"
      error={error.value}
      onSubmit={submit}
      actions={
        <>
          <button type="submit" class="button button-primary" disabled={disabled}>
            {submitting.value ? t.signingIn : t.signIn}
          </button>
          {requestReset && (
            <button type="button" class="button" onClick={() => (forgotten.value = true)}>
              {t.forgotPassword}
            </button>
          )}
        </>
      }
    >
      <label for="login-email">{t.email}</label>
      <input
        id="login-email"
        name="email"
        type="email"
        autocomplete="username"
        required
        aria-invalid={error.value === t.wrongCredentials}
      />
      <label for="login-password">{t.password}</label>
      <input
        id="login-password"
        name="password"
        type="password"
        autocomplete="current-password"
        required
        aria-invalid={error.value === t.wrongCredentials}
      />
    </AuthForm>
  )
}
