import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../env'
import { apiError, errorResponses } from '../errors'
import { jsonBody, jsonResponse } from '../schemas/common'

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

const benchRoomLive = createRoute({
  method: 'get',
  path: '/bench/rooms/{name}/live',
  tags: ['Benchmark'],
  summary: "A socket on the benchmark's broadcast-only Durable Object (BENCH=1 only)",
  request: {
    params: z.object({
      name: z
        .string()
        .max(64)
        .openapi({ param: { name: 'name', in: 'path' } }),
    }),
  },
  responses: { 101: { description: 'Switching protocols' }, ...errorResponses('not_found') },
})

const benchRoomBroadcast = createRoute({
  method: 'post',
  path: '/bench/rooms/{name}/broadcast',
  tags: ['Benchmark'],
  summary: "Broadcast a frame on the benchmark's broadcast-only Durable Object (BENCH=1 only)",
  request: {
    params: z.object({
      name: z
        .string()
        .max(64)
        .openapi({ param: { name: 'name', in: 'path' } }),
    }),
    body: jsonBody(z.object({ text: z.string().max(10_000) })),
  },
  responses: {
    200: jsonResponse(z.object({ sent: z.number() }), 'Sockets it went to'),
    ...errorResponses('not_found', 'validation_failed', 'unsupported_media_type'),
  },
})

export const benchRoomRoutes = createRouter()
  .openapi(benchRoomLive, async (c) => {
    if (c.env.BENCH !== '1') throw apiError('not_found')
    const room = c.env.BENCH_ROOM.get(c.env.BENCH_ROOM.idFromName(c.req.valid('param').name))
    return room.fetch(c.req.raw) as never
  })
  .openapi(benchRoomBroadcast, async (c) => {
    if (c.env.BENCH !== '1') throw apiError('not_found')
    const room = c.env.BENCH_ROOM.get(c.env.BENCH_ROOM.idFromName(c.req.valid('param').name))
    return c.json({ sent: await room.broadcast(c.req.valid('json').text) }, 200)
  })
