import { createExecutionContext, env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../../worker/app'
import { sha256Hex } from '../../../worker/lib/crypto'
import { api, createWorld, expectError, PLATFORM_TOKEN } from '../helpers'

describe('rate limits per token (600 a minute on the application and platform APIs)', () => {
  /**
   * Sends until refused. The limiter counts in windows of a minute, so a run that straddles a
   * window's end needs up to 600 more: 1,250 requests always reach a refusal.
   */
  async function untilRefused(path: string, token: string) {
    let served = 0
    for (let i = 0; i < 1250; i++) {
      const res = await api(path, { token })
      if (res.status === 429) return { served, refusal: res }
      expect(res.status).toBe(200)
      served++
    }
    throw new Error(`no 429 after ${served} requests`)
  }

  it('refuses a user token with 429 and Retry-After past its budget, and serves other tokens', async () => {
    const world = await createWorld()
    const { served, refusal } = await untilRefused('/api/v1/profile', world.admin.token)
    expect(served).toBeGreaterThanOrEqual(600)
    expectError(refusal, 429, 'rate_limited')
    expect(refusal.headers.get('retry-after')).toBe('60')
    expect((await api('/api/v1/profile', { token: world.agent.token })).status).toBe(200)
  }, 120_000)

  it('refuses a platform app token with 429 past its budget', async () => {
    const created = await api('/platform/api/v1/platform_apps', {
      token: PLATFORM_TOKEN,
      body: { name: 'Busy app' },
    })
    const { served, refusal } = await untilRefused(
      '/platform/api/v1/accounts',
      created.json.access_token,
    )
    expect(served).toBeGreaterThanOrEqual(600)
    expectError(refusal, 429, 'rate_limited')
    expect(refusal.headers.get('retry-after')).toBe('60')
  }, 120_000)

  /** The app with a limiter that refuses everything and records the keys it was asked about. */
  function withRefusingLimiter() {
    const keys: string[] = []
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key)
        return { success: false }
      },
    }
    const request = (path: string, token?: string) =>
      app.request(
        `http://parley.test${path}`,
        { headers: token ? { api_access_token: token } : {} },
        { ...env, API_RATE_LIMITER: limiter },
        createExecutionContext(),
      )
    return { keys, request }
  }

  it('limits a presented token before checking it, keyed by its SHA-256, never the token', async () => {
    const { keys, request } = withRefusingLimiter()
    const guess = 'guessed-token-0123456789'
    // An account that exists: a path naming no account is a 404 before any token is looked at.
    const { accountId } = await createWorld()
    for (const path of [
      '/api/v1/profile',
      `/api/v1/accounts/${accountId}/inboxes`,
      '/platform/api/v1/accounts',
    ]) {
      const res = await request(path, guess)
      expectError({ status: res.status, json: await res.json() }, 429, 'rate_limited')
    }
    expect(keys).toEqual(Array(3).fill(`token:${await sha256Hex(guess)}`))
    expect(keys.join()).not.toContain(guess)
  })

  it('leaves requests without a token to authentication, and other paths alone', async () => {
    const { keys, request } = withRefusingLimiter()
    expect((await request('/api/v1/profile')).status).toBe(401)
    expect((await request('/health')).status).toBe(200)
    expect(keys).toEqual([])
  })
})
