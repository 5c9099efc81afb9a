import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createDb } from '../../worker/db/client'
import { rebuildRollupsStatements } from '../../worker/db/queries/reporting-events'
import { accountBinding } from '../../worker/db/shards'
import { errorResponses } from '../../worker/errors'
import { createRouter } from '../../worker/routes/router'
import { jsonBody, jsonResponse } from '../../worker/schemas/common'
import type { BenchRoom } from './bench-room'
import { rollupStatements, scaleChunkStatements } from './seed-scale'

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

const scaleRows = createRoute({
  method: 'post',
  path: '/bench/accounts/{account_id}/scale_rows',
  tags: ['Benchmark'],
  summary:
    "Write rows from..to of a scale plan (bench/worker/seed-scale.ts) on the account's shard, " +
    'or with `rollups` rebuild its report rollups: `npm run bench -- scale` seeds 1M rows so',
  request: {
    params: z.object({ account_id: z.coerce.number().int().positive() }),
    body: jsonBody(
      z.object({
        inbox_ids: z.array(z.number().int().positive()).length(3),
        agent_ids: z.array(z.number().int().positive()).min(1).max(10),
        total: z.number().int().positive(),
        now: z.number().int().positive(),
        from: z.number().int().positive(),
        to: z.number().int().positive(),
        rollups: z.boolean().optional(),
      }),
    ),
  },
  responses: { 200: jsonResponse(z.object({}), 'Written') },
})

export const benchRoutes = createRouter()
  .openapi(baseline, async (c) => {
    const row = await c.env.SHARD_0.prepare('select 1 as one').first<{ one: number }>()
    return c.json({ one: row?.one ?? 0 }, 200)
  })
  .openapi(rebuildReports, async (c) => {
    const accountId = c.req.valid('param').account_id
    const db = createDb(await accountBinding(c.env, accountId))
    await db.batch([...rebuildRollupsStatements(db, accountId)])
    return c.json({}, 200)
  })
  .openapi(scaleRows, async (c) => {
    const accountId = c.req.valid('param').account_id
    const body = c.req.valid('json')
    const d1 = await accountBinding(c.env, accountId)
    if (body.rollups) {
      await createDb(d1).batch(rollupStatements(d1, accountId))
      return c.json({}, 200)
    }
    const plan = {
      accountId,
      inboxIds: body.inbox_ids,
      agentIds: body.agent_ids,
      total: body.total,
      now: body.now,
    }
    await d1.batch(scaleChunkStatements(d1, plan, body.from, body.to))
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
    body: jsonBody(
      z.object({
        text: z.string().max(10_000),
        /** One D1 round trip first (a batch that writes a row), as any durable message pays. */
        after_d1_write: z.boolean().optional(),
      }),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ sent: z.number() }), 'Sockets it went to'),
    ...errorResponses('not_found', 'validation_failed', 'unsupported_media_type'),
  },
})

const benchAccountBroadcast = createRoute({
  method: 'post',
  path: '/api/v1/accounts/{account_id}/bench/rooms/{name}/broadcast',
  tags: ['Benchmark'],
  summary:
    "The durable floor behind the application API's middleware: the rate limit and the token " +
    "check (carried in the write's batch, as a reply's is), one D1 write, then the broadcast",
  request: {
    params: z.object({ account_id: z.coerce.number().int().positive(), name: roomName }),
    body: jsonBody(z.object({ text: z.string().max(10_000) })),
  },
  responses: {
    200: jsonResponse(z.object({ sent: z.number() }), 'Sockets it went to'),
    ...errorResponses('unauthorized', 'not_found', 'validation_failed', 'rate_limited'),
  },
})

/** One committed row in a table of the benchmark's own, through `d1` (a shard, or the gate). */
async function writeBenchRow(d1: D1Database, text: string) {
  await d1.batch([
    d1.prepare(
      'create table if not exists bench_writes (id integer primary key, text text not null)',
    ),
    d1.prepare('insert into bench_writes (text) values (?)').bind(text),
  ])
}

const roomOf = (c: Context, name: string) => {
  const rooms = (c.env as BenchBindings).BENCH_ROOM
  return rooms.get(rooms.idFromName(name))
}

export const benchRoomRoutes = createRouter()
  .openapi(benchRoomLive, async (c) => {
    return roomOf(c, c.req.valid('param').name).fetch(c.req.raw) as never
  })
  .openapi(benchRoomBroadcast, async (c) => {
    const body = c.req.valid('json')
    if (body.after_d1_write) await writeBenchRow(c.env.SHARD_0, body.text)
    const sent = await roomOf(c, c.req.valid('param').name).broadcast(body.text)
    return c.json({ sent }, 200)
  })
  .openapi(benchAccountBroadcast, async (c) => {
    const { text } = c.req.valid('json')
    // The account's shard through the request's gate, which adds the token check to the batch.
    await writeBenchRow(c.var.d1Gate.binding, text)
    const sent = await roomOf(c, c.req.valid('param').name).broadcast(text)
    return c.json({ sent }, 200)
  })
