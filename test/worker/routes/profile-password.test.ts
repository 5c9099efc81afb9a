import { describe, expect, it } from 'vitest'
import { createWorldWithPasswords, PASSWORD, sessionOf, signIn, withCookie } from '../auth-helpers'
import { api, createUser, expectError } from '../helpers'

const NEW_PASSWORD = 'a brand new passphrase'

function changePassword(token: string, body: Record<string, unknown>) {
  return api('/api/v1/profile', { method: 'PATCH', token, body })
}

describe('PATCH /api/v1/profile with a password', () => {
  it('changes it (Chatwoot’s `profile` wrapper too): the new one signs in, the old one no more', async () => {
    const world = await createWorldWithPasswords()
    const res = await changePassword(world.agent.token, {
      profile: { current_password: PASSWORD, password: NEW_PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(res.text).not.toContain(NEW_PASSWORD)
    expect(res.text).not.toContain(PASSWORD)
    expect(res.text).not.toMatch(/password|pbkdf2/i)
    expectError(await signIn(world.agent.email, PASSWORD), 401, 'unauthorized')
    expect((await signIn(world.agent.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('refuses a wrong or missing current password with 422 and keeps the old one', async () => {
    const world = await createWorldWithPasswords()
    const wrong = await changePassword(world.agent.token, {
      current_password: 'not it at all',
      password: NEW_PASSWORD,
    })
    expectError(wrong, 422, 'validation_failed')
    expect(wrong.json.errors[0]).toMatchObject({ field: 'current_password' })
    expect(wrong.text).not.toContain(NEW_PASSWORD)
    const missing = await changePassword(world.agent.token, { password: NEW_PASSWORD })
    expectError(missing, 422, 'validation_failed')
    expect((await signIn(world.agent.email, PASSWORD)).status).toBe(200)
  })

  it('refuses a short password and a confirmation that differs', async () => {
    const world = await createWorldWithPasswords()
    const short = await changePassword(world.agent.token, {
      current_password: PASSWORD,
      password: 'short',
    })
    expectError(short, 422, 'validation_failed')
    expect(short.text).not.toContain('"short"')
    const differs = await changePassword(world.agent.token, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: 'something else',
    })
    expectError(differs, 422, 'validation_failed')
    expect((await signIn(world.agent.email, PASSWORD)).status).toBe(200)
  })

  it('lets a user without a password set its first one with its token alone', async () => {
    const user = await createUser()
    const res = await changePassword(user.token, { password: NEW_PASSWORD })
    expect(res.status).toBe(200)
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('ends every session of the user when the change comes with a token', async () => {
    const world = await createWorldWithPasswords()
    const first = await sessionOf(world.agent.email)
    const second = await sessionOf(world.agent.email)
    const admin = await sessionOf(world.admin.email)
    const res = await changePassword(world.agent.token, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toBeNull()
    for (const session of [first, second]) {
      expectError(await withCookie('/api/v1/profile', session), 401, 'unauthorized')
    }
    // Another user's session is not touched.
    expect((await withCookie('/api/v1/profile', admin)).status).toBe(200)
  })

  it('keeps the caller signed in when it changes it with its session: a new cookie, the others end', async () => {
    const world = await createWorldWithPasswords()
    const mine = await sessionOf(world.agent.email)
    const other = await sessionOf(world.agent.email)
    const res = await withCookie('/api/v1/profile', mine, {
      method: 'PATCH',
      body: { current_password: PASSWORD, password: NEW_PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(res.json.access_token).toBe('')
    const renewed = /parley_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
    expect(renewed).toBeTruthy()
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i)
    expect((await withCookie('/api/v1/profile', renewed ?? '')).status).toBe(200)
    expectError(await withCookie('/api/v1/profile', mine), 401, 'unauthorized')
    expectError(await withCookie('/api/v1/profile', other), 401, 'unauthorized')
  })

  it('with a devise-header session: new devise headers and token, the old token ends', async () => {
    const world = await createWorldWithPasswords()
    const signedIn = await signIn(world.agent.email)
    const headers = { 'access-token': signedIn.session ?? '', uid: world.agent.email }
    const res = await api('/api/v1/profile', {
      method: 'PATCH',
      headers,
      body: { current_password: PASSWORD, password: NEW_PASSWORD },
    })
    expect(res.status).toBe(200)
    const renewed = res.headers.get('access-token') ?? ''
    expect(renewed).not.toBe('')
    expect(renewed).not.toBe(headers['access-token'])
    expect(res.json.access_token).toBe(renewed)
    expectError(await api('/api/v1/profile', { headers }), 401, 'unauthorized')
    const next = await api('/api/v1/profile', { headers: { ...headers, 'access-token': renewed } })
    expect(next.status).toBe(200)
  })

  it('refuses a cookie PATCH from another origin before anything changes', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.agent.email)
    const res = await withCookie('/api/v1/profile', session, {
      method: 'PATCH',
      body: { current_password: PASSWORD, password: NEW_PASSWORD },
      origin: 'https://evil.example',
    })
    expectError(res, 403, 'forbidden')
    expect((await signIn(world.agent.email, PASSWORD)).status).toBe(200)
  })
})
