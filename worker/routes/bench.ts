import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../env'
import { apiError, errorResponses } from '../errors'
import { jsonResponse } from '../schemas/common'

const baseline = createRoute({
  method: 'get',
  path: '/bench/baseline',
  tags: ['Benchmark'],
  summary:
    'One trivial D1 query: the yardstick `npm run bench` compares endpoints to (BENCH=1 only)',
  responses: {
    200: jsonResponse(z.object({ one: z.number() }), 'The query result'),
    ...errorResponses('not_found'),
  },
})

export const benchRoutes = createRouter().openapi(baseline, async (c) => {
  if (c.env.BENCH !== '1') throw apiError('not_found')
  const row = await c.env.DB.prepare('select 1 as one').first<{ one: number }>()
  return c.json({ one: row?.one ?? 0 }, 200)
})
