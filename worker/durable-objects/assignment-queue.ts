import { DurableObject } from 'cloudflare:workers'
import { drainInbox } from '../assignment/drain'
import { createDb } from '../db/client'
import { accountBinding } from '../db/shards'
import { nowSeconds } from '../lib/time'

/** The round-robin cursor: the user id of the agent this inbox last assigned to. */
const CURSOR = 'cursor'

/**
 * One inbox's auto-assignment, serialised (one instance per inbox, named
 * `${accountId}:${inboxId}`): two conversations arriving at once are decided one after the
 * other, so they never take the same agent's last slot twice. It keeps only the round-robin
 * cursor; the waiting conversations are D1's (open and unassigned), so a restart loses none.
 */
export class AssignmentQueue extends DurableObject<Env> {
  /**
   * Assigns what waits in the inbox to the agents with room, and returns the ids of the events
   * committed, for the caller to publish (publishing here could call back into this object while
   * it is busy).
   */
  async drain(accountId: number, inboxId: number, now: number = nowSeconds()) {
    return this.ctx.blockConcurrencyWhile(async () => {
      const cursor = (await this.ctx.storage.get<number>(CURSOR)) ?? null
      const db = createDb(await accountBinding(this.env, accountId))
      const result = await drainInbox(db, accountId, inboxId, cursor, now)
      if (result.cursor !== cursor && result.cursor !== null) {
        await this.ctx.storage.put(CURSOR, result.cursor)
      }
      return result.eventIds
    })
  }
}
