import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../worker/lib/crypto'
import { api, createUser, createWorld, everyDatabase, expectError, PLATFORM_TOKEN } from './helpers'

describe('identity', () => {
  it('stores tokens only as SHA-256 hashes of at least 32 random bytes', async () => {
    const user = await createUser()
    // 32 bytes in base64url is 43 characters.
    expect(user.token.length).toBeGreaterThanOrEqual(43)
    // The directory holds the token and every shard a copy: each stores only the hash.
    for (const db of everyDatabase()) {
      const rows = await db
        .prepare("select token_hash from access_tokens where owner_type = 'user' and owner_id = ?")
        .bind(user.id)
        .all<{ token_hash: string }>()
      expect(rows.results).toEqual([{ token_hash: await sha256Hex(user.token) }])
      const dump = await db.prepare('select * from access_tokens').all()
      expect(JSON.stringify(dump.results)).not.toContain(user.token)
    }
  })

  it('refuses a missing or unknown token with 401', async () => {
    const world = await createWorld()
    expectError(await api(`/api/v1/accounts/${world.accountId}`), 401, 'unauthorized')
    expectError(
      await api(`/api/v1/accounts/${world.accountId}`, { token: 'not-a-token' }),
      401,
      'unauthorized',
    )
    expectError(await api('/api/v1/profile'), 401, 'unauthorized')
  })

  it('refuses a user who is not a member of the account in the path with 403', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const res = await api(`/api/v1/accounts/${world.accountId}`, { token: other.admin.token })
    expectError(res, 403, 'forbidden')
    expect(res.text).not.toContain(world.admin.email)
  })

  it('refuses the platform token on application paths and user tokens on platform paths', async () => {
    const world = await createWorld()
    expectError(
      await api(`/api/v1/accounts/${world.accountId}`, { token: PLATFORM_TOKEN }),
      401,
      'unauthorized',
    )
    expectError(await api('/api/v1/profile', { token: PLATFORM_TOKEN }), 401, 'unauthorized')
    expectError(
      await api(`/platform/api/v1/accounts/${world.accountId}`, { token: world.admin.token }),
      401,
      'unauthorized',
    )
  })

  it('treats a malformed account id in the path as not found', async () => {
    const world = await createWorld()
    expectError(await api('/api/v1/accounts/abc', { token: world.admin.token }), 404, 'not_found')
  })

  it('lets an agent bot call only the bot endpoints of its own account', async () => {
    const world = await createWorld()
    const bot = await api('/platform/api/v1/agent_bots', {
      token: PLATFORM_TOKEN,
      body: { name: 'Bot', account_id: world.accountId },
    })
    expect(bot.status).toBe(200)
    const res = await api(`/api/v1/accounts/${world.accountId}`, { token: bot.json.access_token })
    expectError(res, 401)
    expect(res.json.message).toBe('Access to this endpoint is not authorized for bots')
    expectError(await api('/api/v1/profile', { token: bot.json.access_token }), 401)
    const other = await createWorld()
    const foreign = await api(`/api/v1/accounts/${other.accountId}/conversations`, {
      token: bot.json.access_token,
      body: {},
    })
    expectError(foreign, 401)
    expect(foreign.json.message).toBe('Bot is not authorized to access this account')
  })
})
