/** An agent's availability in an account, as chosen and as others see it. */
export type Availability = 'online' | 'offline' | 'busy'

/**
 * How long after a member's last dashboard socket closes they still count as connected: a
 * reload or a dropped connection that comes back within it does not flap their status.
 */
export const PRESENCE_GRACE_MS = 30_000

/**
 * The status colleagues, the widget and auto-assignment see (Chatwoot's `availability_status`):
 * the member's choice while a dashboard of theirs is open, or always when they turned
 * auto_offline off; offline otherwise. The same rule in SQL is `effectiveAvailabilitySql`
 * (worker/db/queries/presence.ts), for queries that filter on it.
 */
export function effectiveAvailability(member: {
  availability: Availability
  autoOffline: boolean
  connected: boolean
}): Availability {
  return member.connected || !member.autoOffline ? member.availability : 'offline'
}
