import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createDb } from '../../worker/db/client'
import { rebuildRollupsStatements } from '../../worker/db/queries/reporting-events'
import { createRouter } from '../../worker/env'
import { errorResponses } from '../../worker/errors'
import { jsonBody, jsonResponse } from '../../worker/schemas/common'
import type { BenchRoom } from './bench-room'

/** The bindings bench/wrangler.toml adds to production's. */
type BenchBindings = Env & { BENCH_ROOM: DurableObjectNamespace<BenchRoom> }

const baseline = createRoute({
  method: 'get',
  path: '/bench/baseline',
  tags: ['Benchmark'],
  summary: 'One trivial D1 query: the yardstick `npm run bench` compares endpoints to',
  responses: {
    200: jsonResponse(z.object({ one: z.number() }), 'The query result'),
  },
})

const rebuildReports = createRoute({
  method: 'post',
  path: '/bench/accounts/{account_id}/report_rollups',
  tags: ['Benchmark'],
  summary: "Rebuild an account's report rollups from its events (the bench writes events in bulk)",
  request: { params: z.object({ account_id: z.coerce.number().int().positive() }) },
  responses: { 200: jsonResponse(z.object({}), 'Rebuilt') },
})

export const benchRoutes = createRouter()
  .openapi(baseline, async (c) => {
    const row = await c.env.DB.prepare('select 1 as one').first<{ one: number }>()
    return c.json({ one: row?.one ?? 0 }, 200)
  })
  .openapi(rebuildReports, async (c) => {
    const db = createDb(c.env.DB)
    await db.batch([...rebuildRollupsStatements(db, c.req.valid('param').account_id)])
    return c.json({}, 200)
  })

const roomName = z
  .string()
  .max(64)
  .openapi({ param: { name: 'name', in: 'path' } })

const benchRoomLive = createRoute({
  method: 'get',
  path: '/bench/rooms/{name}/live',
  tags: ['Benchmark'],
  summary: "A socket on the benchmark's broadcast-only Durable Object",
  request: { params: z.object({ name: roomName }) },
  responses: { 101: { description: 'Switching protocols' }, ...errorResponses('not_found') },
})

const benchRoomBroadcast = createRoute({
  method: 'post',
  path: '/bench/rooms/{name}/broadcast',
  tags: ['Benchmark'],
  summary: "Broadcast a frame on the benchmark's broadcast-only Durable Object",
  request: {
    params: z.object({ name: roomName }),
    body: jsonBody(z.object({ text: z.string().max(10_000) })),
  },
  responses: {
    200: jsonResponse(z.object({ sent: z.number() }), 'Sockets it went to'),
    ...errorResponses('not_found', 'validation_failed', 'unsupported_media_type'),
  },
})

const roomOf = (c: Context, name: string) => {
  const rooms = (c.env as BenchBindings).BENCH_ROOM
  return rooms.get(rooms.idFromName(name))
}

export const benchRoomRoutes = createRouter()
  .openapi(benchRoomLive, async (c) => {
    return roomOf(c, c.req.valid('param').name).fetch(c.req.raw) as never
  })
  .openapi(benchRoomBroadcast, async (c) => {
    const sent = await roomOf(c, c.req.valid('param').name).broadcast(c.req.valid('json').text)
    return c.json({ sent }, 200)
  })
