/**
 * The benchmark's Worker (`npm run bench`, bench/wrangler.toml): production's app with the
 * routes and the Durable Object the benchmark measures against, and every response carrying
 * its D1 round trips in `x-d1-round-trips`. Production's entry (worker/index.ts) has none of it.
 */
import { createApp } from '../../worker/app'
import { ALL_READ_LAYERS, type ReadLayers } from '../../worker/db/client'
import { shardBindings } from '../../worker/db/shards'
import production from '../../worker/index'
import { countingD1, type D1Counter } from './d1-counter'
import { withMemoryLimiter } from './memory-limiter'
import { benchRoomRoutes, benchRoutes } from './routes'

export { AccountFeed, AssignmentQueue, ConversationRoom } from '../../worker/index'
export { BenchRoom } from './bench-room'

/**
 * `x-bench-layers-off: packing,templates` runs a request with those layers of the read path off
 * (worker/db/client.ts), for `npm run bench -- layers`. Production's entry has no such header.
 */
function readLayersOf(request: Request): ReadLayers {
  const off = request.headers.get('x-bench-layers-off')
  if (!off) return ALL_READ_LAYERS
  const layers = { ...ALL_READ_LAYERS }
  for (const name of off.split(',').map((part) => part.trim())) {
    if (!(name in layers)) throw new Error(`x-bench-layers-off: no layer ${name}`)
    layers[name as keyof ReadLayers] = false
  }
  return layers
}

const app = createApp({
  routes: (app) => {
    app.route('/', benchRoutes)
    app.route('/', benchRoomRoutes)
  },
  readLayers: (c) => readLayersOf(c.req.raw),
})

export default {
  async fetch(request, incoming, ctx) {
    const env =
      request.headers.get('x-bench-limiter') === 'memory' ? withMemoryLimiter(incoming) : incoming
    // `x-bench-uncounted: 1` times a request as production runs it: the counter runs some reads
    // twice to learn their rows (d1-counter.ts), so timed requests go without it.
    if (request.headers.get('x-bench-uncounted') === '1') return app.fetch(request, env, ctx)
    const counter: D1Counter = { trips: 0, rowsRead: 0 }
    const counted: Record<string, D1Database> = { DIRECTORY: countingD1(env.DIRECTORY, counter) }
    for (const [index, binding] of shardBindings(env).entries()) {
      counted[`SHARD_${index}`] = countingD1(binding, counter)
    }
    const response = await app.fetch(request, { ...env, ...counted }, ctx)
    // A WebSocket upgrade's 101 response comes from a Durable Object and cannot take headers.
    if (response.status === 101) return response
    const withCounts = new Response(response.body, response)
    withCounts.headers.set('x-d1-round-trips', String(counter.trips))
    withCounts.headers.set('x-d1-rows-read', String(counter.rowsRead ?? 0))
    withCounts.headers.set('x-d1-unmeasured', String(counter.unmeasured ?? 0))
    withCounts.headers.set('x-d1-duration-ms', String(counter.durationMs ?? 0))
    return withCounts
  },
  queue: production.queue,
  scheduled: production.scheduled,
} satisfies ExportedHandler<Env>
