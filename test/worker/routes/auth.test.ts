import { createExecutionContext, env, SELF } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { app } from '../../../worker/app'
import { sha256Hex } from '../../../worker/lib/crypto'
import { PBKDF2_ITERATIONS } from '../../../worker/lib/passwords'
import {
  createWorldWithPasswords,
  freshIp,
  ORIGIN,
  PASSWORD,
  sessionOf,
  setPassword,
  signIn,
  withCookie,
} from '../auth-helpers'
import { api, createUser, everyDatabase, expectError } from '../helpers'

describe('POST /auth/sign_in', () => {
  it("answers in Chatwoot's shape with the user's accounts, a session cookie and devise headers", async () => {
    const world = await createWorldWithPasswords()
    const res = await signIn(world.agent.email)
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({
      id: world.agent.id,
      email: world.agent.email,
      access_token: res.session,
      pubsub_token: expect.any(String),
      account_id: world.accountId,
      role: 'agent',
      uid: world.agent.email,
      accounts: [{ id: world.accountId, name: expect.any(String), role: 'agent' }],
    })
    expect(res.headers.get('access-token')).toBe(res.session)
    expect(res.headers.get('uid')).toBe(world.agent.email)
    expect(res.headers.get('client')).toBeTruthy()
    expect(res.headers.get('token-type')).toBe('Bearer')
    expect(Number(res.headers.get('expiry'))).toBeGreaterThan(Date.now() / 1000 + 13 * 86400)
    // Only the token's hash is stored, with an expiry about 14 days out.
    const row = await env.DIRECTORY.prepare('select * from user_sessions where token_hash = ?')
      .bind(await sha256Hex(res.session ?? ''))
      .first<{ user_id: number; expires_at: number }>()
    expect(row?.user_id).toBe(world.agent.id)
    expect(row?.expires_at).toBeGreaterThan(Date.now() / 1000 + 13 * 86400)
    expect(res.text).not.toContain(PASSWORD)
  })

  it('keeps the session out of scripts’ reach for a browser on this site: cookie only', async () => {
    const world = await createWorldWithPasswords()
    const res = await signIn(world.agent.email, PASSWORD, {
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    })
    expect(res.status).toBe(200)
    expect(res.session).toBeTruthy()
    expect(res.json.data).toMatchObject({ id: world.agent.id, access_token: '' })
    expect(res.text).not.toContain(res.session)
    expect(res.headers.get('access-token')).toBeNull()
    const profile = await withCookie('/api/v1/profile', res.session ?? '')
    expect(profile.status).toBe(200)
  })

  it('sets an HttpOnly, SameSite=Strict, Secure cookie for the whole site', async () => {
    const world = await createWorldWithPasswords()
    const { setCookie } = await signIn(world.admin.email)
    expect(setCookie).toMatch(/^parley_session=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toMatch(/; HttpOnly/i)
    expect(setCookie).toMatch(/; SameSite=Strict/i)
    expect(setCookie).toMatch(/; Secure/i)
    expect(setCookie).toMatch(/; Path=\//)
  })

  it('leaves Secure off on localhost and 127.0.0.1 (the demo runs on plain http)', async () => {
    const world = await createWorldWithPasswords()
    for (const base of ['http://localhost:8787', 'http://127.0.0.1:8787']) {
      const { status, setCookie } = await signIn(world.admin.email, PASSWORD, { base })
      expect(status).toBe(200)
      expect(setCookie).toMatch(/; HttpOnly/i)
      expect(setCookie).not.toMatch(/Secure/i)
    }
  })

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const world = await createWorldWithPasswords()
    const wrong = await signIn(world.admin.email, 'not the password')
    const unknown = await signIn('nobody-here@example.com', 'not the password')
    const noPassword = await createUser()
    const unset = await signIn(noPassword.email, 'not the password')
    for (const res of [wrong, unknown, unset]) {
      expectError(res, 401, 'unauthorized')
      expect(res.setCookie).toBe('')
      expect(res.headers.get('access-token')).toBeNull()
    }
    const strip = (json: { request_id?: string }) => ({ ...json, request_id: undefined })
    expect(strip(wrong.json)).toEqual(strip(unknown.json))
    expect(strip(wrong.json)).toEqual(strip(unset.json))
  })

  it('does the same PBKDF2 work for an unknown email as for a wrong password (constant time)', async () => {
    const world = await createWorldWithPasswords()
    // The app in this isolate, so its WebCrypto calls can be counted.
    const derive = vi.spyOn(crypto.subtle, 'deriveBits')
    const attempt = async (email: string) => {
      derive.mockClear()
      const res = await app.request(
        `${ORIGIN}/auth/sign_in`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
          body: JSON.stringify({ email, password: 'not the password' }),
        },
        env,
        createExecutionContext(),
      )
      expect(res.status).toBe(401)
      return derive.mock.calls.map(([params]) => (params as { iterations?: number }).iterations)
    }
    try {
      expect(await attempt(world.admin.email)).toEqual([PBKDF2_ITERATIONS])
      expect(await attempt('ghost@example.com')).toEqual([PBKDF2_ITERATIONS])
    } finally {
      derive.mockRestore()
    }
  })

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const world = await createWorldWithPasswords()
    const foreign = await signIn(world.admin.email, PASSWORD, {
      headers: { origin: 'https://evil.example' },
    })
    expectError(foreign, 403, 'forbidden')
    expect(foreign.setCookie).toBe('')
    const crossSite = await signIn(world.admin.email, PASSWORD, {
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expectError(crossSite, 403, 'forbidden')
    const ours = await signIn(world.admin.email, PASSWORD, { headers: { origin: ORIGIN } })
    expect(ours.status).toBe(200)
  })

  it('validates the body (422), without echoing the password', async () => {
    const res = await SELF.fetch(`${ORIGIN}/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
      body: JSON.stringify({ email: 'a@example.com' }),
    })
    expect(res.status).toBe(422)
    const nonString = await SELF.fetch(`${ORIGIN}/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(500) }),
    })
    expect(nonString.status).toBe(422)
    expect(await nonString.text()).not.toContain('x'.repeat(200))
  })
})

describe('rate limits on sign-in (failures per address, and per address and email)', () => {
  /** Signs in until refused; the limiter's windows are a minute, so 25 always reach a refusal. */
  async function untilRefused(attempt: () => ReturnType<typeof signIn>) {
    for (let i = 0; i < 25; i++) {
      const res = await attempt()
      if (res.status === 429) return { tries: i, refusal: res }
      expect(res.status).toBe(401)
    }
    throw new Error('no 429 after 25 attempts')
  }

  it('refuses one IP guessing many emails with 429 and Retry-After', async () => {
    const ip = freshIp()
    let n = 0
    const { tries, refusal } = await untilRefused(() =>
      signIn(`guess-${n++}@example.com`, 'wrong password', { ip }),
    )
    expect(tries).toBeGreaterThanOrEqual(10)
    expectError(refusal, 429, 'rate_limited')
    expect(refusal.headers.get('retry-after')).toBe('60')
  })

  it('never keeps a user out for failures at its email from other addresses', async () => {
    const world = await createWorldWithPasswords()
    // Each from its own address, far past what one address may fail.
    for (let i = 0; i < 15; i++) {
      expectError(await signIn(world.admin.email, 'wrong password'), 401, 'unauthorized')
    }
    const own = await signIn(world.admin.email, PASSWORD, { ip: freshIp() })
    expect(own.status).toBe(200)
  })

  it('refuses an address failing at one email, even with the right password then', async () => {
    const world = await createWorldWithPasswords()
    const ip = freshIp()
    const { tries, refusal } = await untilRefused(() =>
      signIn(world.admin.email, 'wrong password', { ip }),
    )
    expect(tries).toBeGreaterThanOrEqual(5)
    expectError(refusal, 429, 'rate_limited')
    expect(refusal.headers.get('retry-after')).toBe('60')
    // The right password from that address is refused too (a 429 tells nothing of it)…
    expectError(await signIn(world.admin.email, PASSWORD, { ip }), 429, 'rate_limited')
    // …but not from the user's own address.
    expect((await signIn(world.admin.email, PASSWORD, { ip: freshIp() })).status).toBe(200)
  })
})

describe('the session cookie on /api/v1', () => {
  it('is accepted on GET without an Origin header, as the signed-in user', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.agent.email)
    const profile = await withCookie('/api/v1/profile', session)
    expect(profile.status).toBe(200)
    // The cookie is HttpOnly: scripts cannot read its token from the profile either.
    expect(profile.json).toMatchObject({ id: world.agent.id, access_token: '' })
    const conversations = await withCookie(
      `/api/v1/accounts/${world.accountId}/conversations`,
      session,
    )
    expect(conversations.status).toBe(200)
  })

  it('refuses an unsafe method without Origin or with a foreign one (403), takes our own', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    const path = `/api/v1/accounts/${world.accountId}/labels`
    for (const origin of [null, 'https://evil.example', 'http://parley.test.evil.example']) {
      const res = await withCookie(path, session, { body: { title: 'x1' }, origin })
      expectError(res, 403, 'forbidden')
    }
    const ours = await withCookie(path, session, { body: { title: 'from-dashboard' } })
    expect(ours.status).toBe(200)
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const res = await withCookie(`${path}/${ours.json.id}`, session, {
        method,
        body: { description: 'x' },
        origin: null,
      })
      expectError(res, 403, 'forbidden')
    }
  })

  it('refuses a cross-site request (Sec-Fetch-Site), even a GET', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    const res = await withCookie('/api/v1/profile', session, {
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expectError(res, 403, 'forbidden')
    const sameOrigin = await withCookie('/api/v1/profile', session, {
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(sameOrigin.status).toBe(200)
  })

  it('refuses an unknown session with 401, and prefers api_access_token when both are sent', async () => {
    const world = await createWorldWithPasswords()
    expectError(await withCookie('/api/v1/profile', 'not-a-session'), 401, 'unauthorized')
    const session = await sessionOf(world.admin.email)
    const both = await api('/api/v1/profile', {
      token: world.agent.token,
      headers: { cookie: `parley_session=${session}` },
    })
    expect(both.json.id).toBe(world.agent.id)
  })

  it('refuses an expired session', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    // Every shard keeps a copy of the session: it expires on all of them and the directory.
    for (const database of everyDatabase()) {
      await database
        .prepare('update user_sessions set expires_at = unixepoch() - 1 where token_hash = ?')
        .bind(await sha256Hex(session))
        .run()
    }
    expectError(await withCookie('/api/v1/profile', session), 401, 'unauthorized')
  })

  it("gives another account's routes 403: the session is the user's, not the account's", async () => {
    const world = await createWorldWithPasswords()
    const other = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    for (const path of ['', '/conversations', '/agents', '/labels']) {
      const res = await withCookie(`/api/v1/accounts/${other.accountId}${path}`, session)
      expectError(res, 403, 'forbidden')
    }
  })
})

describe('the devise headers on /api/v1', () => {
  it('accept access-token with uid, as Chatwoot clients send them back', async () => {
    const world = await createWorldWithPasswords()
    const res = await signIn(world.agent.email)
    const headers = {
      'access-token': res.headers.get('access-token') ?? '',
      client: res.headers.get('client') ?? '',
      uid: res.headers.get('uid') ?? '',
    }
    const profile = await api('/api/v1/profile', { headers })
    expect(profile.status).toBe(200)
    expect(profile.json).toMatchObject({
      id: world.agent.id,
      access_token: headers['access-token'],
    })
    // A header is no ambient credential: no Origin is needed on unsafe methods.
    const label = await api(`/api/v1/accounts/${world.accountId}/labels`, {
      headers,
      body: { title: 'devise-label' },
    })
    expect(label.status).toBe(403) // agents may not create labels: authenticated, then refused
    expect(label.json.message).not.toMatch(/Origin/)
    const wrongUid = await api('/api/v1/profile', { headers: { ...headers, uid: 'x@example.com' } })
    expectError(wrongUid, 401, 'unauthorized')
    const noUid = await api('/api/v1/profile', {
      headers: { 'access-token': headers['access-token'] },
    })
    expectError(noUid, 401, 'unauthorized')
  })
})

describe('DELETE /auth/sign_out', () => {
  it('ends the session: the row is gone, the cookie cleared, then the cookie gets 401', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    const out = await withCookie('/auth/sign_out', session, { method: 'DELETE' })
    expect(out.status).toBe(200)
    expect(out.json).toEqual({ success: true })
    expect(out.headers.get('set-cookie')).toMatch(/^parley_session=;.*Max-Age=0/i)
    // Gone from the directory and from every shard's copy.
    for (const database of everyDatabase()) {
      const row = await database
        .prepare('select id from user_sessions where token_hash = ?')
        .bind(await sha256Hex(session))
        .first()
      expect(row).toBeNull()
    }
    expectError(await withCookie('/api/v1/profile', session), 401, 'unauthorized')
    expectError(await withCookie('/auth/sign_out', session, { method: 'DELETE' }), 401)
  })

  it('refuses a sign-out without our Origin (no logout CSRF) and leaves the session', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    for (const origin of [null, 'https://evil.example']) {
      const res = await withCookie('/auth/sign_out', session, { method: 'DELETE', origin })
      expectError(res, 403, 'forbidden')
    }
    expect((await withCookie('/api/v1/profile', session)).status).toBe(200)
  })

  it('ends only its own session', async () => {
    const world = await createWorldWithPasswords()
    const first = await sessionOf(world.admin.email)
    const second = await sessionOf(world.admin.email)
    await withCookie('/auth/sign_out', first, { method: 'DELETE' })
    expect((await withCookie('/api/v1/profile', second)).status).toBe(200)
  })

  it('ends a devise-header session', async () => {
    const world = await createWorldWithPasswords()
    const res = await signIn(world.agent.email)
    const headers = { 'access-token': res.session ?? '', uid: world.agent.email }
    const out = await api('/auth/sign_out', { method: 'DELETE', headers })
    expect(out.status).toBe(200)
    expectError(await api('/api/v1/profile', { headers }), 401, 'unauthorized')
  })

  it('answers 401 without a session', async () => {
    expectError(await api('/auth/sign_out', { method: 'DELETE' }), 401, 'unauthorized')
  })
})

describe('the API rate limit for sessions', () => {
  it('counts a session request against its user (key user:<id>), never the session token', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.agent.email)
    const keys: string[] = []
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key)
        return { success: false }
      },
    }
    const res = await app.request(
      `${ORIGIN}/api/v1/profile`,
      { headers: { cookie: `parley_session=${session}` } },
      { ...env, API_RATE_LIMITER: limiter },
      createExecutionContext(),
    )
    expectError({ status: res.status, json: await res.json() }, 429, 'rate_limited')
    expect(res.headers.get('retry-after')).toBe('60')
    expect(keys).toEqual([`user:${world.agent.id}`])
  })
})

describe("sign-in's data.access_token as api_access_token (as Chatwoot's scripts use it)", () => {
  it('signs the user in on account routes and the profile with its rights, until sign-out', async () => {
    const world = await createWorldWithPasswords()
    const other = await createWorldWithPasswords()
    const token = (await signIn(world.agent.email)).json.data.access_token as string
    const conversations = `/api/v1/accounts/${world.accountId}/conversations`
    // Twice each: a second request could run on anything this isolate remembered of the first.
    for (let i = 0; i < 2; i++) {
      const profile = await api('/api/v1/profile', { token })
      expect(profile.status).toBe(200)
      expect(profile.json).toMatchObject({ id: world.agent.id, access_token: token })
      expect((await api(conversations, { token })).status).toBe(200)
    }
    // The session's rights: an agent's in its account, none in another.
    const label = await api(`/api/v1/accounts/${world.accountId}/labels`, {
      token,
      body: { title: 'from-a-script' },
    })
    expectError(label, 403, 'forbidden')
    expectError(await api(`/api/v1/accounts/${other.accountId}/conversations`, { token }), 403)
    const out = await api('/auth/sign_out', {
      method: 'DELETE',
      headers: { 'access-token': token, uid: world.agent.email },
    })
    expect(out.status).toBe(200)
    expectError(await api('/api/v1/profile', { token }), 401, 'unauthorized')
    expectError(await api(conversations, { token }), 401, 'unauthorized')
  })

  it('is refused once the password changes, and signs out by itself', async () => {
    const world = await createWorldWithPasswords()
    const first = (await signIn(world.admin.email)).json.data.access_token as string
    const account = `/api/v1/accounts/${world.accountId}`
    expect((await api(account, { token: first })).status).toBe(200)
    await setPassword(world.admin.id, 'another long password')
    expectError(await api(account, { token: first }), 401, 'unauthorized')
    const second = (await signIn(world.admin.email, 'another long password')).json.data
      .access_token as string
    expect((await api(account, { token: second })).status).toBe(200)
    const out = await api('/auth/sign_out', { method: 'DELETE', token: second })
    expect(out.status).toBe(200)
    expectError(await api(account, { token: second }), 401, 'unauthorized')
  })

  it('is rate limited by its own hash (token:<sha256>), as any api_access_token', async () => {
    const world = await createWorldWithPasswords()
    const token = await sessionOf(world.agent.email)
    const keys: string[] = []
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key)
        return { success: true }
      },
    }
    const res = await app.request(
      `${ORIGIN}/api/v1/profile`,
      { headers: { api_access_token: token } },
      { ...env, API_RATE_LIMITER: limiter },
      createExecutionContext(),
    )
    expect(res.status).toBe(200)
    expect(keys).toEqual([`token:${await sha256Hex(token)}`])
  })
})
