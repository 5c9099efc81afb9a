import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { memoryLimiter, withMemoryLimiter } from '../../../bench/worker/memory-limiter'

describe('withMemoryLimiter', () => {
  it('replaces only the API rate limiter, once per env, keeping every other binding', () => {
    const memory = withMemoryLimiter(env)
    expect(memory).toBe(withMemoryLimiter(env))
    expect(memory.API_RATE_LIMITER).not.toBe(env.API_RATE_LIMITER)
    expect(memory.SHARD_0).toBe(env.SHARD_0)
    expect(memory.VISITOR_RATE_LIMITER).toBe(env.VISITOR_RATE_LIMITER)
  })

  it('allows each key its budget of calls in a period and refuses the next', async () => {
    const limiter = memoryLimiter(3, 60_000)
    for (let i = 0; i < 3; i++) {
      expect(await limiter.limit({ key: 'token:a' })).toEqual({ success: true })
    }
    expect(await limiter.limit({ key: 'token:a' })).toEqual({ success: false })
    expect(await limiter.limit({ key: 'token:b' })).toEqual({ success: true })
  })

  it('starts a key afresh once its period has passed', async () => {
    const limiter = memoryLimiter(1, 0)
    expect(await limiter.limit({ key: 'token:a' })).toEqual({ success: true })
    expect(await limiter.limit({ key: 'token:a' })).toEqual({ success: true })
  })
})
