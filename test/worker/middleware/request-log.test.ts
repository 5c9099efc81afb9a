import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestIdOf } from '../../../worker/middleware/request-id'
import { requestLog } from '../../../worker/middleware/request-log'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('requestLog', () => {
  it("writes each line with the request's id, without the route passing it", async () => {
    const lines: string[] = []
    for (const method of ['info', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((line: string) => {
        lines.push(line)
      })
    }
    const app = new Hono().get('/', (c) => {
      requestLog(c).info('seen', { step: 1 })
      requestLog(c).warn('odd')
      requestLog(c).error('failed', { error: new Error('boom') })
      return c.text(requestIdOf(c))
    })
    const res = await app.request('/', { headers: { 'cf-ray': '8f1e2d3c4b5a6978-CDG' } })
    expect(await res.text()).toBe('8f1e2d3c4b5a6978-CDG')
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { level: 'info', msg: 'seen', request_id: '8f1e2d3c4b5a6978-CDG', step: 1 },
      { level: 'warn', msg: 'odd', request_id: '8f1e2d3c4b5a6978-CDG' },
      { level: 'error', msg: 'failed', request_id: '8f1e2d3c4b5a6978-CDG', error: 'Error: boom' },
    ])
  })
})
