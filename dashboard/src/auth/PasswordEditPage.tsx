import { useSignal } from '@preact/signals'
import { useRef } from 'preact/hooks'
import type { ApiClient } from '../api/client'
import type { Profile } from '../api/schema'
import type { Strings } from '../i18n'
import { useStrings } from '../i18n/context'
import { AuthForm } from '../login/AuthForm'
import { setPasswordWithLink } from './set-password'

export interface PasswordEditPageProps {
  api: ApiClient
  strings: Strings
  onSignedIn(profile: Profile): void
}

/** The link's token, from `?reset_password_token=` (Chatwoot's devise link). */
const tokenFromLocation = () =>
  new URLSearchParams(location.search).get('reset_password_token')?.trim() ?? ''

/**
 * The page of an invitation or reset link: a new password, typed twice; the API stores it, uses
 * up the link and signs in, and the app lands in the inbox. A dead link says so plainly.
 */
export default function PasswordEditPage({ api, onSignedIn }: PasswordEditPageProps) {
  const t = useStrings().agents
  const token = useRef(tokenFromLocation()).current
  const password = useSignal('')
  const confirmation = useSignal('')
  const submitting = useSignal(false)
  const error = useSignal(token ? '' : t.missingLink)
  const linkDead = useSignal(!token)

  async function submit(event: Event) {
    event.preventDefault()
    if (submitting.value || linkDead.value) return
    if (password.value.length < 8) {
      error.value = t.tooShort
      return
    }
    if (password.value !== confirmation.value) {
      error.value = t.mismatch
      return
    }
    submitting.value = true
    error.value = ''
    const outcome = await setPasswordWithLink(api, token, password.value, confirmation.value, t)
    submitting.value = false
    if (outcome.profile) {
      onSignedIn(outcome.profile)
      return
    }
    error.value = outcome.error
    linkDead.value = outcome.linkDead
  }

  const invalid = (field: 'password' | 'confirmation') =>
    (field === 'password' && error.value === t.tooShort) || error.value === t.mismatch
  return (
    <AuthForm
      title={t.setPasswordTitle}
      errorId="password-edit-error"
      error={error.value}
      onSubmit={submit}
      actions={
        !linkDead.value && (
          <button type="submit" class="button button-primary" disabled={submitting.value}>
            {submitting.value ? t.saving : t.save}
          </button>
        )
      }
    >
      <p class="form-hint">{t.setPasswordIntro}</p>
      {!linkDead.value && (
        <>
          <label for="password-edit-new">{t.newPassword}</label>
          <input
            id="password-edit-new"
            name="password"
            type="password"
            autocomplete="new-password"
            required
            minLength={8}
            maxLength={128}
            aria-describedby="password-edit-hint"
            aria-invalid={invalid('password')}
            value={password.value}
            onInput={(event) => {
              password.value = (event.currentTarget as HTMLInputElement).value
            }}
          />
          <p id="password-edit-hint" class="form-hint">
            {t.passwordHint}
          </p>
          <label for="password-edit-confirm">{t.confirmPassword}</label>
          <input
            id="password-edit-confirm"
            name="password_confirmation"
            type="password"
            autocomplete="new-password"
            required
            aria-invalid={invalid('confirmation')}
            value={confirmation.value}
            onInput={(event) => {
              confirmation.value = (event.currentTarget as HTMLInputElement).value
            }}
          />
        </>
      )}
    </AuthForm>
  )
}
