import { log } from '../lib/log'

/** The account and conversation (table id) a room serves; conversation 0 for a guess room. */
export type Served = { accountId: number; conversationId: number }

const SERVES = 'serves'

const same = (a: Served, b: Served) =>
  a.accountId === b.accountId && a.conversationId === b.conversationId

/**
 * Whom a conversation room serves, kept in its storage from its first hand-off. The room's name
 * already says it (`../live/stubs.ts`); remembering it as well means a caller that names a room
 * wrongly is refused instead of reaching another tenant's sockets.
 */
export class RoomIdentity {
  /** undefined: not read from storage yet; null: nothing claimed the room yet. */
  private served: Served | null | undefined

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Claims the room on its first hand-off; false when it serves another conversation. */
  async admit(claim: Served): Promise<boolean> {
    const served = await this.read()
    if (served) return same(served, claim)
    this.served = { accountId: claim.accountId, conversationId: claim.conversationId }
    await this.storage.put(SERVES, this.served)
    return true
  }

  /** Whether the room serves this conversation (a room that served none yet serves nothing). */
  async serves(claim: Served): Promise<boolean> {
    const served = await this.read()
    return served ? same(served, claim) : false
  }

  async current(): Promise<Served | null> {
    return this.read()
  }

  private async read(): Promise<Served | null> {
    if (this.served === undefined) this.served = (await this.storage.get<Served>(SERVES)) ?? null
    return this.served
  }
}

/** A call naming another conversation than the room's: a bug upstream, never a delivery. */
export function logRefused(what: string, served: Served | null, claim: Served) {
  log.error(`conversation room refused a ${what} for another conversation`, {
    served,
    claim: { accountId: claim.accountId, conversationId: claim.conversationId },
  })
}
