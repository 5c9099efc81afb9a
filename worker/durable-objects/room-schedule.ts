import { fireStageAlert, nextStageAlertDueAt } from '../funnels/stage-alerts'
import { log } from '../lib/log'
import { TYPING_TTL_MS } from '../live/frames'
import type { OwnRoom } from '../live/sockets'

/** Someone typing in a room, until `expiresAt` unless refreshed. */
export type TypingEntry = {
  actor: string
  expiresAt: number
  isPrivate: boolean
  user: Record<string, unknown>
}

type Timers = Record<string, number>
type Typing = Record<string, TypingEntry>

/**
 * A conversation room's time-based state, kept in its storage so it survives eviction and
 * hibernation: who is typing (expiring unless refreshed) and per-conversation timers (funnel
 * stage time limits), with the one alarm set to whichever comes first — or to the deadline of a
 * socket still waiting for its auth frame (`nextDeadline`, from the sockets' own state), if
 * that is sooner.
 */
export class RoomSchedule {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
    private readonly nextDeadline: () => number = () => Infinity,
  ) {}

  /**
   * Records typing on or off; true when that changes what others should be shown. A repeat
   * changes nothing and writes nothing: `off` for someone not typing, and `on` while the entry
   * has more than half its life left (a flood of `on` frames costs no write).
   */
  async setTyping(
    actor: string,
    status: 'on' | 'off',
    isPrivate: boolean,
    user: Record<string, unknown>,
  ): Promise<boolean> {
    const entries = (await this.storage.get<Typing>('typing')) ?? {}
    const entry = entries[actor]
    const wasTyping = Boolean(entry)
    if (status === 'off' && !entry) return false
    const fresh = entry && entry.expiresAt - Date.now() > TYPING_TTL_MS / 2
    if (status === 'on' && fresh && entry.isPrivate === isPrivate) return false
    if (status === 'on') {
      entries[actor] = { actor, expiresAt: Date.now() + TYPING_TTL_MS, isPrivate, user }
    } else delete entries[actor]
    await this.storage.put('typing', entries)
    await this.rearm()
    return status === 'on' ? !wasTyping : wasTyping
  }

  /**
   * Arms a timer (`stage:<conversation stage id>`, or `stage:<id>:<account id>`, which spares the
   * alert a look on every shard); firing is idempotent, so a repeat is harmless.
   */
  async scheduleTimer(key: string, dueAt: number): Promise<void> {
    const timers = (await this.storage.get<Timers>('timers')) ?? {}
    timers[key] = dueAt
    await this.storage.put('timers', timers)
    await this.rearm()
  }

  /**
   * The alarm: ends typing that was not refreshed (each handed to `typingExpired`) and runs the
   * due timers, the room's own frames going to `room`; then re-arms.
   */
  async runDue(room: OwnRoom, typingExpired: (entry: TypingEntry) => Promise<void>) {
    const now = Date.now()
    const entries = (await this.storage.get<Typing>('typing')) ?? {}
    for (const entry of Object.values(entries)) {
      if (entry.expiresAt > now) continue
      delete entries[entry.actor]
      await typingExpired(entry)
    }
    await this.storage.put('typing', entries)
    const timers = (await this.storage.get<Timers>('timers')) ?? {}
    for (const [key, dueAt] of Object.entries(timers)) {
      if (dueAt > now) continue
      timers[key] = await this.fireTimer(key, now, room)
      if (timers[key] === 0) delete timers[key]
    }
    await this.storage.put('timers', timers)
    await this.rearm()
  }

  /** Runs one due timer; returns when to run it again, or 0 when it is done. */
  private async fireTimer(key: string, now: number, room: OwnRoom): Promise<number> {
    const [kind, id, account] = key.split(':')
    if (kind !== 'stage' || !id) return 0
    const accountId = account && /^\d+$/.test(account) ? Number(account) : undefined
    try {
      // The alert's frames go to the room's sockets from here, not through its own stub.
      const outcome = await fireStageAlert(this.env, Number(id), Math.floor(now / 1000), {
        accountId,
        ownRoom: room,
      })
      if (outcome !== 'not_due') return 0
      return (await nextStageAlertDueAt(this.env, Number(id), accountId)) ?? 0
    } catch (error) {
      // D1 unavailable for a moment: try again in a minute rather than lose the alert.
      log.warn('stage timer failed', { key, error })
      return now + 60_000
    }
  }

  /** Sets the one alarm to the soonest of typing expiry, timers and auth deadlines. */
  async rearm() {
    const typing = (await this.storage.get<Typing>('typing')) ?? {}
    const timers = (await this.storage.get<Timers>('timers')) ?? {}
    const next = Math.min(
      ...Object.values(typing).map((e) => e.expiresAt),
      ...Object.values(timers),
      this.nextDeadline(),
    )
    if (Number.isFinite(next)) await this.storage.setAlarm(next)
    else await this.storage.deleteAlarm()
  }
}
