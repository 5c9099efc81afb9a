import { fireEvent, render, screen, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../dashboard/src/api/client'
import type { Profile } from '../../../dashboard/src/api/schema'
import { signIn } from '../../../dashboard/src/api/session'
import { en } from '../../../dashboard/src/i18n'
import { LoginPage } from '../../../dashboard/src/login/LoginPage'
import { fakeApi } from '../fake-api'

afterEach(() => vi.useRealTimers())

const profile = { id: 5, name: 'Ada', accounts: [{ id: 1 }] } as unknown as Profile

function fill(email: string, password: string) {
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('the sign-in page', () => {
  it('sends the labelled email and password and hands the user on', async () => {
    const submitted = vi.fn(async () => profile)
    const onSignedIn = vi.fn()
    render(<LoginPage strings={en} signIn={submitted} onSignedIn={onSignedIn} />)
    expect(screen.getByRole('heading', { name: 'Sign in to Parley' })).toBeTruthy()
    fill('ada@example.test', 'correct horse')
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(profile))
    expect(submitted).toHaveBeenCalledWith('ada@example.test', 'correct horse')
  })

  it('is disabled while signing in', async () => {
    let finish = (_: Profile) => {}
    const submitted = vi.fn(() => new Promise<Profile>((resolve) => (finish = resolve)))
    render(<LoginPage strings={en} signIn={submitted} onSignedIn={vi.fn()} />)
    fill('ada@example.test', 'pw')
    const button = await screen.findByRole('button', { name: 'Signing in…' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(button)
    expect(submitted).toHaveBeenCalledTimes(1)
    finish(profile)
    await screen.findByRole('button', { name: 'Sign in' })
  })

  it('says wrong credentials in the alert region', async () => {
    const submitted = vi.fn(async () => {
      throw new ApiError(401, 'unauthorized', 'Invalid credentials')
    })
    render(<LoginPage strings={en} signIn={submitted} onSignedIn={vi.fn()} />)
    fill('ada@example.test', 'wrong')
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(en.shell.wrongCredentials),
    )
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true')
  })

  it('waits out Retry-After before the button works again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const submitted = vi.fn(async () => {
      throw new ApiError(429, 'rate_limited', 'Too many', 2)
    })
    render(<LoginPage strings={en} signIn={submitted} onSignedIn={vi.fn()} />)
    fill('ada@example.test', 'pw')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('2 s'))
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    await vi.advanceTimersByTimeAsync(2100)
    await waitFor(() => expect(button.disabled).toBe(false))
    expect(screen.getByRole('alert').textContent).toBe('')
  })
})

describe('signIn', () => {
  it('posts the credentials to /auth/sign_in and returns the user', async () => {
    const { api, requests } = fakeApi(async (url, request) => {
      if (url.pathname !== '/auth/sign_in') return undefined
      expect(await request.json()).toEqual({ email: 'ada@example.test', password: 'pw' })
      return Response.json({ data: profile })
    })
    expect(await signIn(api, 'ada@example.test', 'pw')).toEqual(profile)
    expect(requests.map((u) => u.pathname)).toEqual(['/auth/sign_in'])
  })

  it('turns a 429 into an error carrying Retry-After', async () => {
    const { api } = fakeApi(() =>
      Response.json(
        { error: 'rate_limited', message: 'Slow down' },
        { status: 429, headers: { 'retry-after': '17' } },
      ),
    )
    await expect(signIn(api, 'a@b.test', 'pw')).rejects.toMatchObject({
      status: 429,
      retryAfter: 17,
    })
  })
})
