import { DurableObject } from 'cloudflare:workers'

/**
 * The yardstick for `npm run bench`: a Durable Object that only accepts sockets and broadcasts
 * what it is given. The conversation room's delivery latency is reported as a ratio to this.
 */
export class BenchRoom extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    const pair = new WebSocketPair()
    this.ctx.acceptWebSocket(pair[1])
    return new Response(null, { status: 101, webSocket: pair[0] })
  }

  async broadcast(text: string): Promise<number> {
    const sockets = this.ctx.getWebSockets()
    for (const ws of sockets) ws.send(text)
    return sockets.length
  }
}
