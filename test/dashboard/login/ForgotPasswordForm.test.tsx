import { fireEvent, render, screen, waitFor } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../dashboard/src/api/client'
import { en } from '../../../dashboard/src/i18n'
import { LoginPage } from '../../../dashboard/src/login/LoginPage'

const never = vi.fn(async () => {
  throw new Error('not signing in here')
})

function openForgotForm(requestReset: (email: string) => Promise<void>) {
  render(<LoginPage strings={en} signIn={never} onSignedIn={vi.fn()} requestReset={requestReset} />)
  fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }))
}

describe('"Forgot password?" on the sign-in page', () => {
  it('asks for a link with the labelled email and says the same thing for any email', async () => {
    const requestReset = vi.fn(async () => {})
    openForgotForm(requestReset)
    expect(screen.getByRole('heading', { name: en.shell.forgotTitle })).toBeTruthy()
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } })
    fireEvent.click(screen.getByRole('button', { name: en.shell.sendResetLink }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(en.shell.resetLinkSent))
    expect(requestReset).toHaveBeenCalledWith('ada@example.test')
    expect(screen.queryByRole('button', { name: en.shell.sendResetLink })).toBeNull()
  })

  it('says when the request was rate limited', async () => {
    openForgotForm(async () => {
      throw new ApiError(429, 'rate_limited', 'Too many', 30)
    })
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } })
    fireEvent.click(screen.getByRole('button', { name: en.shell.sendResetLink }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('30'))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('goes back to the sign-in form', () => {
    openForgotForm(vi.fn(async () => {}))
    fireEvent.click(screen.getByRole('button', { name: en.shell.backToSignIn }))
    expect(screen.getByRole('heading', { name: en.shell.signInTitle })).toBeTruthy()
  })

  it('is not offered when the page has no way to ask', () => {
    render(<LoginPage strings={en} signIn={never} onSignedIn={vi.fn()} />)
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull()
  })
})
