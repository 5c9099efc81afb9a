import { describe, expect, it } from 'vitest'
import {
  createWorldWithPasswords,
  PASSWORD,
  sessionOf,
  setPassword,
  signIn,
  withCookie,
} from '../auth-helpers'
import { api, createWorld, expectError, PLATFORM_TOKEN } from '../helpers'

// What ends every session of a user: removal from an account (either API), a new password from
// the platform API, and deletion. Password changes through the profile are in
// profile-password.test.ts, sign-out in auth.test.ts.

/** The user is signed in twice; both sessions answer the account's routes. */
async function twoSessions(world: { accountId: number }, email: string) {
  const sessions = [await sessionOf(email), await sessionOf(email)]
  for (const session of sessions) {
    expect(
      (await withCookie(`/api/v1/accounts/${world.accountId}/conversations`, session)).status,
    ).toBe(200)
  }
  return sessions
}

async function expectEnded(sessions: string[], accountId: number) {
  for (const session of sessions) {
    expectError(await withCookie('/api/v1/profile', session), 401, 'unauthorized')
    const account = await withCookie(`/api/v1/accounts/${accountId}/conversations`, session)
    expectError(account, 401, 'unauthorized')
  }
}

describe('sessions end when the user loses access', () => {
  it('removal by an administrator (agents route) ends them all, for that account and the others', async () => {
    const world = await createWorldWithPasswords()
    const sessions = await twoSessions(world, world.agent.email)
    const admin = await sessionOf(world.admin.email)
    const res = await api(`/api/v1/accounts/${world.accountId}/agents/${world.agent.id}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    await expectEnded(sessions, world.accountId)
    expect((await withCookie('/api/v1/profile', admin)).status).toBe(200)
    // Signing in again works, without the account.
    const again = await signIn(world.agent.email, PASSWORD)
    expect(again.status).toBe(200)
    expect(again.json.data.accounts).toEqual([])
  })

  it('removal through the platform API ends them', async () => {
    const world = await createWorldWithPasswords()
    const sessions = await twoSessions(world, world.agent.email)
    const res = await api(`/platform/api/v1/accounts/${world.accountId}/account_users`, {
      method: 'DELETE',
      token: PLATFORM_TOKEN,
      body: { user_id: world.agent.id },
    })
    expect(res.status).toBe(200)
    await expectEnded(sessions, world.accountId)
  })

  it('a refused removal (the last administrator) ends nothing', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    const res = await api(`/api/v1/accounts/${world.accountId}/agents/${world.admin.id}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(422)
    expect((await withCookie('/api/v1/profile', session)).status).toBe(200)
  })

  it('an administrator of another account cannot remove the user (and so end its sessions)', async () => {
    const world = await createWorldWithPasswords()
    const other = await createWorld()
    const session = await sessionOf(world.agent.email)
    const res = await api(`/api/v1/accounts/${other.accountId}/agents/${world.agent.id}`, {
      method: 'DELETE',
      token: other.admin.token,
    })
    expect(res.status).toBe(404)
    const cross = await api(`/api/v1/accounts/${world.accountId}/agents/${world.agent.id}`, {
      method: 'DELETE',
      token: other.admin.token,
    })
    expect(cross.status).toBe(403)
    expect((await withCookie('/api/v1/profile', session)).status).toBe(200)
  })

  it('a new password from the platform API ends them', async () => {
    const world = await createWorldWithPasswords()
    const sessions = await twoSessions(world, world.agent.email)
    const res = await setPassword(world.agent.id, 'platform set password')
    expect(res.text).not.toContain('platform set password')
    await expectEnded(sessions, world.accountId)
    expect((await signIn(world.agent.email, 'platform set password')).status).toBe(200)
  })

  it('a platform update without a password leaves them', async () => {
    const world = await createWorldWithPasswords()
    const [session] = await twoSessions(world, world.agent.email)
    const res = await api(`/platform/api/v1/users/${world.agent.id}`, {
      method: 'PATCH',
      token: PLATFORM_TOKEN,
      body: { name: 'Renamed' },
    })
    expect(res.status).toBe(200)
    expect((await withCookie('/api/v1/profile', session ?? '')).json.name).toBe('Renamed')
  })

  it('user deletion ends them', async () => {
    const world = await createWorldWithPasswords()
    const sessions = await twoSessions(world, world.agent.email)
    const res = await api(`/platform/api/v1/users/${world.agent.id}`, {
      method: 'DELETE',
      token: PLATFORM_TOKEN,
    })
    expect(res.status).toBe(200)
    await expectEnded(sessions, world.accountId)
    expectError(await signIn(world.agent.email, PASSWORD), 401, 'unauthorized')
  })
})

describe('passwords never appear in a response', () => {
  it('platform users: create, show, update', async () => {
    const password = 'platform password 123'
    const created = await api('/platform/api/v1/users', {
      token: PLATFORM_TOKEN,
      body: { name: 'P', email: `p${Date.now()}@example.com`, password },
    })
    expect(created.status).toBe(200)
    const shown = await api(`/platform/api/v1/users/${created.json.id}`, { token: PLATFORM_TOKEN })
    const updated = await api(`/platform/api/v1/users/${created.json.id}`, {
      method: 'PATCH',
      token: PLATFORM_TOKEN,
      body: { password: `${password}!` },
    })
    for (const res of [created, shown, updated]) {
      expect(res.status).toBe(200)
      expect(res.text).not.toContain(password)
      expect(res.text).not.toMatch(/password|pbkdf2/i)
    }
    const signedIn = await signIn(created.json.email, `${password}!`)
    expect(signedIn.status).toBe(200)
    expect(signedIn.text).not.toContain(password)
    expect(signedIn.text).not.toMatch(/password|pbkdf2/i)
  })

  it('platform users: a short password is refused with 422', async () => {
    const res = await api('/platform/api/v1/users', {
      token: PLATFORM_TOKEN,
      body: { name: 'P', email: `q${Date.now()}@example.com`, password: 'short' },
    })
    expectError(res, 422, 'validation_failed')
  })
})
