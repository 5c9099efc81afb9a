import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../worker/lib/crypto'
import { freshIp, ORIGIN, PASSWORD, setPassword, uniqueEmail, withCookie } from '../auth-helpers'
import { api, createUser, createWorld, expectError, type World } from '../helpers'
import { accountPath, scalar } from '../members-helpers'

const tokenOf = (url: string) => new URL(url).searchParams.get('reset_password_token') ?? ''

async function invite(world: World, email = uniqueEmail()) {
  return api(accountPath(world, '/agents'), {
    token: world.admin.token,
    body: { name: 'Invitee', email, role: 'agent' },
  })
}

/** Uses a link; the status tells whether it still worked. */
async function useLink(token: string, password = 'the invitee password') {
  const res = await SELF.fetch(`${ORIGIN}/auth/password`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
    body: JSON.stringify({
      reset_password_token: token,
      password,
      password_confirmation: password,
    }),
  })
  await res.text()
  return res.status
}

const linkPath = (world: World, userId: number, rest: string) =>
  accountPath(world, `/agents/${userId}${rest}`)

describe('invitation links of new agents', () => {
  it('returns a one-time invitation link for a new user, stored only as its SHA-256', async () => {
    const world = await createWorld()
    const res = await invite(world)
    expect(res.status).toBe(200)
    expect(res.json.confirmed).toBe(false)
    const url = new URL(res.json.invitation_url)
    expect(url.origin).toBe(ORIGIN)
    expect(url.pathname).toBe('/app/auth/password/edit')
    const token = tokenOf(res.json.invitation_url)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const row = await env.DIRECTORY.prepare('select * from password_tokens where user_id = ?')
      .bind(res.json.id)
      .first<Record<string, unknown>>()
    expect(row).toMatchObject({
      account_id: world.accountId,
      purpose: 'invitation',
      token_hash: await sha256Hex(token),
      created_by_id: world.admin.id,
      used_at: null,
      revoked_at: null,
    })
    expect(JSON.stringify(row)).not.toContain(token)
    expect(Date.parse(res.json.invitation_expires_at) / 1000).toBe(row?.expires_at)
  })

  it('lists a pending agent as unconfirmed with its invitation expiry, others as confirmed', async () => {
    const world = await createWorld()
    await setPassword(world.admin.id)
    const invited = await invite(world)
    const list = await api(accountPath(world, '/agents'), { token: world.admin.token })
    const byId = (id: number) => list.json.find((a: { id: number }) => a.id === id)
    expect(byId(invited.json.id)).toMatchObject({
      confirmed: false,
      invitation_expires_at: invited.json.invitation_expires_at,
    })
    expect(byId(invited.json.id)).not.toHaveProperty('invitation_url')
    expect(byId(world.admin.id).confirmed).toBe(true)
    expect(byId(world.admin.id)).not.toHaveProperty('invitation_expires_at')
  })

  it('adds an existing user who has a password without a link', async () => {
    const world = await createWorld()
    const user = await createUser()
    await setPassword(user.id)
    const res = await invite(world, user.email)
    expect(res.status).toBe(200)
    expect(res.json.confirmed).toBe(true)
    expect(res.json).not.toHaveProperty('invitation_url')
    expect(await scalar('select count(*) from password_tokens where user_id = ?', user.id)).toBe(0)
  })

  it('gives a link for an existing user without a password, but not one of another account', async () => {
    const world = await createWorld()
    const loose = await createUser()
    const looseRes = await invite(world, loose.email)
    expect(looseRes.json.invitation_url).toEqual(expect.any(String))
    const other = await createWorld()
    const shared = await invite(world, other.agent.email)
    expect(shared.status).toBe(200)
    expect(shared.json).not.toHaveProperty('invitation_url')
  })
})

describe('POST …/agents/{id}/invitation (resend)', () => {
  it('revokes the earlier link and returns a new one that works', async () => {
    const world = await createWorld()
    const first = await invite(world)
    const res = await api(linkPath(world, first.json.id, '/invitation'), {
      method: 'POST',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ invitation_url: expect.any(String), expires_at: expect.any(String) })
    expect(await useLink(tokenOf(first.json.invitation_url))).toBe(422)
    expect(await useLink(tokenOf(res.json.invitation_url))).toBe(200)
  })

  it('refuses with 422 once the agent has set a password', async () => {
    const world = await createWorld()
    const first = await invite(world)
    expect(await useLink(tokenOf(first.json.invitation_url))).toBe(200)
    const res = await api(linkPath(world, first.json.id, '/invitation'), {
      method: 'POST',
      token: world.admin.token,
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors[0].code).toBe('confirmed')
  })

  it('refuses a user who belongs to another account too', async () => {
    const world = await createWorld()
    const other = await createWorld()
    await invite(world, other.agent.email)
    for (const rest of ['/invitation', '/password_reset']) {
      const res = await api(linkPath(world, other.agent.id, rest), {
        method: 'POST',
        token: world.admin.token,
      })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].code).toBe('shared_user')
    }
  })
})

describe('DELETE …/agents/{id}/invitation', () => {
  it('revokes the unused links, so the agent shows no pending invitation', async () => {
    const world = await createWorld()
    const first = await invite(world)
    const res = await api(linkPath(world, first.json.id, '/invitation'), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(await useLink(tokenOf(first.json.invitation_url))).toBe(422)
    const list = await api(accountPath(world, '/agents'), { token: world.admin.token })
    const listed = list.json.find((a: { id: number }) => a.id === first.json.id)
    expect(listed.confirmed).toBe(false)
    expect(listed).not.toHaveProperty('invitation_expires_at')
  })
})

describe('POST …/agents/{id}/password_reset', () => {
  it('returns a reset link valid for 24 hours that sets a new password', async () => {
    const world = await createWorld()
    await setPassword(world.agent.id)
    const res = await api(linkPath(world, world.agent.id, '/password_reset'), {
      method: 'POST',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    const hours = (Date.parse(res.json.expires_at) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)
    const purpose = await env.DIRECTORY.prepare(
      'select purpose from password_tokens where token_hash = ?',
    )
      .bind(await sha256Hex(tokenOf(res.json.reset_url)))
      .first<{ purpose: string }>()
    expect(purpose?.purpose).toBe('reset')
    expect(await useLink(tokenOf(res.json.reset_url), 'a reset password')).toBe(200)
    expect(
      await scalar(
        'select count(*) from users where id = ? and password_hash is null',
        world.agent.id,
      ),
    ).toBe(0)
  })
})

describe('removing an agent', () => {
  it('revokes its unused links of the account and ends its sessions', async () => {
    const world = await createWorld()
    const first = await invite(world)
    // The invitee signed in with its link, then got a reset link that it has not used.
    const signedIn = await SELF.fetch(`${ORIGIN}/auth/password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
      body: JSON.stringify({
        reset_password_token: tokenOf(first.json.invitation_url),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      }),
    })
    const session = /parley_session=([^;]*)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1]
    expect(session).toBeTruthy()
    const reset = await api(linkPath(world, first.json.id, '/password_reset'), {
      method: 'POST',
      token: world.admin.token,
    })
    const removed = await api(linkPath(world, first.json.id, ''), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(removed.status).toBe(200)
    expect((await withCookie('/api/v1/profile', session ?? '')).status).toBe(401)
    const revoked = await scalar(
      'select count(*) from password_tokens where user_id = ? and revoked_at is not null',
      first.json.id,
    )
    expect(revoked).toBe(1)
    expect(await useLink(tokenOf(reset.json.reset_url))).toBe(422)
  })
})

describe('who may manage links', () => {
  const routes = (world: World, userId: number) => [
    { method: 'POST', path: linkPath(world, userId, '/invitation') },
    { method: 'DELETE', path: linkPath(world, userId, '/invitation') },
    { method: 'POST', path: linkPath(world, userId, '/password_reset') },
  ]

  it('refuses agents with 403 and makes no link', async () => {
    const world = await createWorld()
    const pending = await invite(world)
    for (const { method, path } of routes(world, pending.json.id)) {
      expectError(await api(path, { method, token: world.agent.token }), 403, 'forbidden')
    }
    const create = await api(accountPath(world, '/agents'), {
      token: world.agent.token,
      body: { name: 'X', email: uniqueEmail() },
    })
    expectError(create, 403, 'forbidden')
    expect(
      await scalar('select count(*) from password_tokens where user_id = ?', pending.json.id),
    ).toBe(1)
  })

  it("answers 404 for another account's agent and 403 for another account's credentials", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const pending = await invite(world)
    for (const { method, path } of routes(other, pending.json.id)) {
      expectError(await api(path, { method, token: other.admin.token }), 404, 'not_found')
    }
    for (const { method, path } of routes(world, pending.json.id)) {
      expectError(await api(path, { method, token: other.admin.token }), 403, 'forbidden')
    }
    expect(
      await scalar('select count(*) from password_tokens where user_id = ?', pending.json.id),
    ).toBe(1)
  })
})
