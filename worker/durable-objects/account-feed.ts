import { DurableObject } from 'cloudflare:workers'

/** The account-wide live stream for agents and integrators. */
export class AccountFeed extends DurableObject<Env> {
  /** Number of agents' sockets attached to this account's feed. */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length
  }
}
