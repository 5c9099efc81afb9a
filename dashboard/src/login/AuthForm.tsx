import type { ComponentChildren } from 'preact'
import { useEffect, useRef } from 'preact/hooks'

export interface AuthFormProps {
  title: string
  /** The id of the alert region under the fields: the form is described by it. */
  errorId: string
  error: string
  onSubmit(event: Event): void
  /** The fields, above the error. */
  children?: ComponentChildren
  /** The submit button, below the error (none when there is nothing left to submit). */
  actions?: ComponentChildren
}

/**
 * The signed-out pages' form (sign-in, setting a password): its heading takes the focus when the
 * page opens, so a screen reader starts there; errors are read out from an alert region.
 */
export function AuthForm({ title, errorId, error, onSubmit, children, actions }: AuthFormProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <main id="main" class="login">
      <form class="login-form" onSubmit={onSubmit} aria-describedby={errorId} noValidate>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
        <div id={errorId} role="alert" class="login-error">
          {error}
        </div>
        {actions}
      </form>
    </main>
  )
}
