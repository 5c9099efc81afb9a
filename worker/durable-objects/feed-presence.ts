import type { Availability } from '../lib/presence'
import type { LiveSocket } from '../live/live-object'
import {
  cancelGoingOffline,
  currentAvailability,
  markConnected,
  nextGoingOffline,
  presenceUpdateFrame,
  scheduleGoingOffline,
  takeDueGoingOffline,
} from '../live/presence'
import type { FeedSocket } from '../live/sockets'

/** What the account feed lends its presence handling: its storage, env and sockets. */
export interface FeedPresenceHost {
  storage: DurableObjectStorage
  env: Env
  openSockets(): LiveSocket<FeedSocket>[]
  broadcastTo(accepts: (attachment: FeedSocket) => boolean, text: string): unknown
}

/**
 * The account feed's presence (`account-feed.ts`): a member is connected while one of their
 * dashboards holds an authenticated socket here, and goes offline a grace period (the feed's
 * alarm) after the last one closes, so a reload does not flap. Colleagues get `presence.update`.
 */
export class FeedPresence {
  constructor(private readonly host: FeedPresenceHost) {}

  /** A dashboard of the member is ready: connected (back within the grace: nothing changes). */
  async opened(accountId: number, userId: number) {
    await cancelGoingOffline(this.host.storage, userId)
    const status = await markConnected(this.host.env, accountId, userId, true)
    if (status) this.tell(accountId, userId, status)
  }

  /**
   * A socket closed: when it was the member's last, they go offline after the grace unless one
   * comes back. Returns whether the alarm needs setting again.
   */
  async closed(userId: number, ws: WebSocket): Promise<boolean> {
    if (this.socketsOf(userId, ws) > 0) return false
    await scheduleGoingOffline(this.host.storage, userId)
    return true
  }

  /** The earliest time a member goes offline (Infinity when none), for the alarm. */
  next(): Promise<number> {
    return nextGoingOffline(this.host.storage)
  }

  /** The alarm: members whose grace ended with no dashboard back go offline. */
  async due(account: number | undefined) {
    for (const userId of await takeDueGoingOffline(this.host.storage)) {
      if (!account || this.socketsOf(userId) > 0) continue
      const status = await markConnected(this.host.env, account, userId, false)
      if (status) this.tell(account, userId, status)
    }
  }

  /**
   * The member's chosen availability (or auto_offline) changed, or they left: every dashboard of
   * the account gets their effective status (offline once gone), their own other tabs included,
   * so a switch in one tab shows in the others.
   */
  async changed(accountId: number, userId: number) {
    const status = await currentAvailability(this.host.env, accountId, userId)
    this.host.broadcastTo(() => true, presenceUpdateFrame(accountId, userId, status ?? 'offline'))
  }

  /** Whether the user has a dashboard open on this account (an authenticated socket here). */
  connected(userId: number): boolean {
    return this.socketsOf(userId) > 0
  }

  /**
   * A connection change is the colleagues' news: every other member's authenticated dashboard
   * gets it (the member's own shows what they chose).
   */
  private tell(accountId: number, userId: number, status: Availability) {
    this.host.broadcastTo(
      (s) => s.userId !== userId,
      presenceUpdateFrame(accountId, userId, status),
    )
  }

  /** The member's open authenticated sockets here, `except` the one closing. */
  private socketsOf(userId: number, except?: WebSocket) {
    return this.host
      .openSockets()
      .filter(
        ({ ws, attachment }) => ws !== except && attachment?.authed && attachment.userId === userId,
      ).length
  }
}
