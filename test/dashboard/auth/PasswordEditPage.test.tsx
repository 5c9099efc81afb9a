import { act, fireEvent, render, screen } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../../../dashboard/src/api/client'
import PasswordEditPage from '../../../dashboard/src/auth/PasswordEditPage'
import { en } from '../../../dashboard/src/i18n'

const PROFILE = { id: 5, name: 'Ada', email: 'ada@example.com', accounts: [] }

type Put = { token: string; password: string; confirmation: string }

/** The API of the page: PUT /auth/password answered by `answer`, the profile after it. */
function fakeServer(answer: (put: Put) => Response) {
  const puts: Put[] = []
  const fetcher = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url)
    if (request.method === 'PUT' && url.pathname === '/auth/password') {
      const body = await request.json()
      const put = {
        token: body.reset_password_token,
        password: body.password,
        confirmation: body.password_confirmation,
      }
      puts.push(put)
      return answer(put)
    }
    if (url.pathname === '/api/v1/profile') return Response.json(PROFILE)
    return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 })
  }
  return { api: createApiClient('https://parley.test', fetcher as typeof fetch), puts }
}

const refused = (field: string) =>
  Response.json(
    {
      error: 'validation_failed',
      message: `${field} is invalid`,
      description: `${field} is invalid`,
      errors: [{ field, message: 'is invalid', code: 'invalid' }],
    },
    { status: 422 },
  )

async function settle() {
  for (let i = 0; i < 6; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
}

function open(query: string, server: ReturnType<typeof fakeServer>) {
  history.replaceState(null, '', `/app/auth/password/edit${query}`)
  const onSignedIn = vi.fn()
  render(<PasswordEditPage api={server.api} strings={en} onSignedIn={onSignedIn} />)
  return onSignedIn
}

function fill(password: string, confirmation = password) {
  fireEvent.input(screen.getByLabelText('New password'), { target: { value: password } })
  fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: confirmation } })
  fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }))
}

afterEach(() => history.replaceState(null, '', '/'))

describe('the set-password page', () => {
  it('is a full page with a main landmark and one h1, focused', () => {
    open(
      '?reset_password_token=tok',
      fakeServer(() => Response.json({})),
    )
    expect(screen.getByRole('main')).toBeTruthy()
    const heading = screen.getByRole('heading', { level: 1, name: 'Set your password' })
    expect(document.activeElement).toBe(heading)
  })

  it('sets the password with the link’s token, then signs in with the loaded profile', async () => {
    const server = fakeServer(() => Response.json({ data: PROFILE }))
    const onSignedIn = open('?reset_password_token=tok-123', server)
    fill('a long enough password')
    await settle()
    expect(server.puts).toEqual([
      {
        token: 'tok-123',
        password: 'a long enough password',
        confirmation: 'a long enough password',
      },
    ])
    expect(onSignedIn).toHaveBeenCalledWith(PROFILE)
  })

  it('says plainly that a dead link needs a new one from the administrator', async () => {
    const server = fakeServer(() => refused('reset_password_token'))
    const onSignedIn = open('?reset_password_token=old', server)
    fill('a long enough password')
    await settle()
    expect(screen.getByRole('alert').textContent).toMatch(/Ask your administrator for a new one/)
    expect(screen.queryByLabelText('New password')).toBeNull()
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('says so without a token in the address, and offers no form', () => {
    open(
      '',
      fakeServer(() => Response.json({})),
    )
    expect(screen.getByRole('alert').textContent).toMatch(/Ask your administrator/)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('refuses two different passwords or a short one before asking the API', async () => {
    const server = fakeServer(() => Response.json({ data: PROFILE }))
    open('?reset_password_token=tok', server)
    fill('a long enough password', 'another password')
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('The two passwords are not the same.')
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true')
    fill('short')
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('Use at least 8 characters.')
    expect(server.puts).toHaveLength(0)
  })

  it('tells how long to wait when rate limited, and keeps the form', async () => {
    const server = fakeServer(() =>
      Response.json(
        { error: 'rate_limited', message: 'Too many', description: '', errors: [] },
        { status: 429, headers: { 'retry-after': '60' } },
      ),
    )
    open('?reset_password_token=tok', server)
    fill('a long enough password')
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many attempts. Wait 60 seconds and try again.',
    )
    expect(screen.getByLabelText('New password')).toBeTruthy()
  })
})
