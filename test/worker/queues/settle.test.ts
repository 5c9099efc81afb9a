import { createMessageBatch } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { settleMessage } from '../../../worker/queues/settle'

type Job = { n: number }

const parse = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as Job).n === 'number'
    ? (body as Job)
    : null

function messageOf(body: unknown, attempts = 1) {
  const [message] = createMessageBatch('test-queue', [
    { id: `m-${Math.random()}`, timestamp: new Date(), attempts, body },
  ]).messages
  if (!message) throw new Error('no message')
  return { message, ack: vi.spyOn(message, 'ack'), retry: vi.spyOn(message, 'retry') }
}

describe('settleMessage', () => {
  it('acknowledges a body parse refuses without running the work', async () => {
    const { message, ack, retry } = messageOf({ n: 'one' })
    const work = vi.fn(async () => undefined)
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    await settleMessage(message, 'test-queue', { parse, work, failure: 'job failed' })
    expect(work).not.toHaveBeenCalled()
    expect(ack).toHaveBeenCalledOnce()
    expect(retry).not.toHaveBeenCalled()
    expect(log.mock.calls[0]?.[0]).toContain('poison message')
    log.mockRestore()
  })

  it('acknowledges finished work and retries after the delay the work asks for', async () => {
    const done = messageOf({ n: 1 })
    await settleMessage(done.message, 'test-queue', {
      parse,
      work: async () => undefined,
      failure: 'job failed',
    })
    expect(done.ack).toHaveBeenCalledOnce()
    expect(done.retry).not.toHaveBeenCalled()
    const later = messageOf({ n: 2 })
    await settleMessage(later.message, 'test-queue', {
      parse,
      work: async (job) => ({ retryAfterSeconds: job.n * 10 }),
      failure: 'job failed',
    })
    expect(later.ack).not.toHaveBeenCalled()
    expect(later.retry).toHaveBeenCalledWith({ delaySeconds: 20 })
  })

  it('logs a thrown error and retries with exponential backoff of at most five minutes', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const delays: unknown[] = []
    for (const attempts of [1, 3, 12]) {
      const { message, ack, retry } = messageOf({ n: 1 }, attempts)
      await settleMessage(message, 'test-queue', {
        parse,
        work: async () => {
          throw new Error('boom')
        },
        failure: 'job failed',
      })
      expect(ack).not.toHaveBeenCalled()
      delays.push(retry.mock.calls[0]?.[0])
    }
    expect(delays).toEqual([{ delaySeconds: 2 }, { delaySeconds: 8 }, { delaySeconds: 300 }])
    expect(JSON.parse(log.mock.calls[0]?.[0] as string)).toMatchObject({
      level: 'error',
      msg: 'job failed',
      queue: 'test-queue',
    })
    log.mockRestore()
  })
})
