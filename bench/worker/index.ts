/**
 * The benchmark's Worker (`npm run bench`, bench/wrangler.toml): production's app with the
 * routes and the Durable Object the benchmark measures against, and every response carrying
 * its D1 round trips in `x-d1-round-trips`. Production's entry (worker/index.ts) has none of it.
 */
import { createApp } from '../../worker/app'
import production from '../../worker/index'
import { countingD1 } from './d1-counter'
import { benchRoomRoutes, benchRoutes } from './routes'

export { AccountFeed, ConversationRoom } from '../../worker/index'
export { BenchRoom } from './bench-room'

const app = createApp({
  routes: (app) => {
    app.route('/', benchRoutes)
    app.route('/', benchRoomRoutes)
  },
})

export default {
  async fetch(request, env, ctx) {
    const counter = { trips: 0 }
    const response = await app.fetch(request, { ...env, DB: countingD1(env.DB, counter) }, ctx)
    // A WebSocket upgrade's 101 response comes from a Durable Object and cannot take headers.
    if (response.status === 101) return response
    const counted = new Response(response.body, response)
    counted.headers.set('x-d1-round-trips', String(counter.trips))
    return counted
  },
  queue: production.queue,
  scheduled: production.scheduled,
} satisfies ExportedHandler<Env>
