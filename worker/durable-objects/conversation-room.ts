import { DurableObject } from 'cloudflare:workers'

/** Live state of one conversation: its sockets, typing, presence and timers. */
export class ConversationRoom extends DurableObject<Env> {
  /** Number of sockets attached to this conversation. */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length
  }
}
