import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../worker/lib/crypto'
import { freshIp, ORIGIN, signIn, uniqueEmail, withCookie } from '../auth-helpers'
import { api, createWorld, expectError, type World } from '../helpers'
import { accountPath, scalar } from '../members-helpers'

const NEW_PASSWORD = 'a brand new password'

/** Invites a new agent as the world's administrator; returns its id, email and link token. */
async function invite(world: World) {
  const email = uniqueEmail()
  const res = await api(accountPath(world, '/agents'), {
    token: world.admin.token,
    body: { name: 'Invitee', email },
  })
  expect(res.status).toBe(200)
  return { id: res.json.id as number, email, token: tokenOf(res.json.invitation_url) }
}

const tokenOf = (url: string) => new URL(url).searchParams.get('reset_password_token') ?? ''

type PutOptions = { password?: string; confirmation?: string; headers?: Record<string, string> }

async function putPassword(token: string, options: PutOptions = {}) {
  const password = options.password ?? NEW_PASSWORD
  const res = await SELF.fetch(`${ORIGIN}/auth/password`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      'cf-connecting-ip': freshIp(),
      ...options.headers,
    },
    body: JSON.stringify({
      reset_password_token: token,
      password,
      password_confirmation: options.confirmation ?? password,
    }),
  })
  const text = await res.text()
  const setCookie = res.headers.get('set-cookie') ?? ''
  const session = /parley_session=([^;]*)/.exec(setCookie)?.[1] || undefined
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, headers: res.headers, json, text, session }
}

/** The 422 of an unusable link, without its request id (the same for every reason). */
const unusable = (json: { request_id?: string }) => ({ ...json, request_id: undefined })

describe('PUT /auth/password', () => {
  it('sets the password with an invitation link and signs in as POST /auth/sign_in does', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    const res = await putPassword(invitee.token)
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({
      id: invitee.id,
      email: invitee.email,
      access_token: res.session,
      account_id: world.accountId,
      role: 'agent',
      accounts: [{ id: world.accountId, role: 'agent' }],
    })
    expect(res.headers.get('access-token')).toBe(res.session)
    expect(res.text).not.toContain(NEW_PASSWORD)
    const profile = await withCookie('/api/v1/profile', res.session ?? '')
    expect(profile.json.id).toBe(invitee.id)
    expect((await signIn(invitee.email, NEW_PASSWORD)).status).toBe(200)
    const agents = await api(accountPath(world, '/agents'), { token: world.admin.token })
    const listed = agents.json.find((a: { id: number }) => a.id === invitee.id)
    expect(listed.confirmed).toBe(true)
    expect(listed).not.toHaveProperty('invitation_expires_at')
  })

  it('gives a browser on this site the cookie only', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    const res = await putPassword(invitee.token, {
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    })
    expect(res.status).toBe(200)
    expect(res.session).toBeTruthy()
    expect(res.json.data.access_token).toBe('')
    expect(res.text).not.toContain(res.session)
    expect(res.headers.get('access-token')).toBeNull()
  })

  it('works once: a second use is refused and leaves the password as the first set it', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    expect((await putPassword(invitee.token)).status).toBe(200)
    const again = await putPassword(invitee.token, { password: 'someone else entirely' })
    expectError(again, 422, 'validation_failed')
    expect(again.json.errors[0].field).toBe('reset_password_token')
    expect(again.session).toBeUndefined()
    expect((await signIn(invitee.email, NEW_PASSWORD)).status).toBe(200)
    expect((await signIn(invitee.email, 'someone else entirely')).status).toBe(401)
  })

  it('refuses an expired link with the same answer as an unknown one', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    await env.DIRECTORY.prepare('update password_tokens set expires_at = ? where token_hash = ?')
      .bind(Math.floor(Date.now() / 1000) - 1, await sha256Hex(invitee.token))
      .run()
    const expired = await putPassword(invitee.token)
    const unknown = await putPassword('not-a-link-anyone-was-given')
    expectError(expired, 422, 'validation_failed')
    expect(unusable(expired.json)).toEqual(unusable(unknown.json))
    expect(expired.json.message).toMatch(/ask your administrator for a new link/)
    expect(
      await scalar(
        'select count(*) from users where id = ? and password_hash is not null',
        invitee.id,
      ),
    ).toBe(0)
  })

  it('keeps an invitation usable for 7 days', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    const expiresAt = await scalar(
      'select expires_at from password_tokens where token_hash = ?',
      await sha256Hex(invitee.token),
    )
    const days = (expiresAt - Date.now() / 1000) / 86400
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
  })

  it('applies the profile password rules (8 to 128 characters)', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    for (const password of ['short', 'x'.repeat(129)]) {
      const res = await putPassword(invitee.token, { password })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe('password')
    }
    expect((await putPassword(invitee.token)).status).toBe(200)
  })

  it('refuses a confirmation that does not match, and the link still works after', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    const res = await putPassword(invitee.token, { confirmation: 'a different password' })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors[0].field).toBe('password_confirmation')
    expect((await putPassword(invitee.token)).status).toBe(200)
  })

  it('refuses a request from another site (login CSRF) without using the link', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of crossSite) {
      const res = await putPassword(invitee.token, { headers })
      expectError(res, 403, 'forbidden')
      expect(res.session).toBeUndefined()
    }
    expect((await putPassword(invitee.token)).status).toBe(200)
  })

  it('is rate limited per IP like sign-in (429 with Retry-After)', async () => {
    const ip = freshIp()
    let refusal: Awaited<ReturnType<typeof putPassword>> | undefined
    for (let i = 0; i < 25 && !refusal; i++) {
      const res = await putPassword(`guess-${i}`, { headers: { 'cf-connecting-ip': ip } })
      if (res.status === 429) refusal = res
      else expect(res.status).toBe(422)
    }
    if (!refusal) throw new Error('no 429 after 25 attempts')
    expectError(refusal, 429, 'rate_limited')
    expect(refusal.headers.get('retry-after')).toBeTruthy()
  })

  it('ends the sessions of a user who resets the password, and its other unused links', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    const first = await putPassword(invitee.token)
    const old = first.session ?? ''
    expect((await withCookie('/api/v1/profile', old)).status).toBe(200)
    const reset = await api(accountPath(world, `/agents/${invitee.id}/password_reset`), {
      token: world.admin.token,
      method: 'POST',
    })
    const resend = await api(accountPath(world, `/agents/${invitee.id}/password_reset`), {
      token: world.admin.token,
      method: 'POST',
    })
    expect(resend.status).toBe(200)
    // The first reset link was revoked by the second.
    expectError(await putPassword(tokenOf(reset.json.reset_url)), 422, 'validation_failed')
    const done = await putPassword(tokenOf(resend.json.reset_url), {
      password: 'the reset password',
    })
    expect(done.status).toBe(200)
    expect((await withCookie('/api/v1/profile', old)).status).toBe(401)
    expect((await withCookie('/api/v1/profile', done.session ?? '')).status).toBe(200)
    expect((await signIn(invitee.email, 'the reset password')).status).toBe(200)
    expect((await signIn(invitee.email, NEW_PASSWORD)).status).toBe(401)
  })

  it('refuses the link of a user who was added to another account since it was made', async () => {
    const world = await createWorld()
    const invitee = await invite(world)
    const other = await createWorld()
    const added = await api(accountPath(other, '/agents'), {
      token: other.admin.token,
      body: { email: invitee.email },
    })
    expect(added.status).toBe(200)
    expect(added.json).not.toHaveProperty('invitation_url')
    expectError(await putPassword(invitee.token), 422, 'validation_failed')
  })
})
