/*
 * A platform account's `features` and `limits` (Chatwoot's account provisioning). Chatwoot's
 * feature flags are config/features.yml; Parley keeps only what it can honour:
 *
 * - switchable (absent or true: on; false: that thing is off for the account):
 *   channel_website → creating a website inbox is refused (routes/inboxes.ts);
 *   channel_email → creating an email inbox is refused (routes/inboxes.ts);
 *   auto_resolve_conversations → the cron does not auto-resolve the account's conversations
 *   (db/queries/conversations/scheduled.ts);
 * - always on (what Parley always has, with no switch): true is accepted, false is refused;
 * - any other flag (help_center, campaigns, captain_integration, macros, sla, …: Parley has none
 *   of them): false is accepted, true is refused.
 *
 * limits (Chatwoot enterprise's usage_limits): `agents` caps the account's members (agent create,
 * platform account_users), `inboxes` caps its inboxes; null or absent is no limit. Any other key
 * is refused.
 */

export const SWITCHABLE_FEATURES = [
  'channel_website',
  'channel_email',
  'auto_resolve_conversations',
] as const
export type SwitchableFeature = (typeof SWITCHABLE_FEATURES)[number]

export const ALWAYS_ON_FEATURES = [
  'inbox_management',
  'team_management',
  'agent_management',
  'labels',
  'canned_responses',
  'custom_attributes',
  'reports',
  'agent_bots',
  'assignment_v2',
] as const

export const LIMIT_KEYS = ['agents', 'inboxes'] as const
export type LimitKey = (typeof LIMIT_KEYS)[number]

/** Why a flag set to `on` is refused, or null when it is accepted. */
export function featureRefusal(flag: string, on: boolean): string | null {
  if ((SWITCHABLE_FEATURES as readonly string[]).includes(flag)) return null
  if ((ALWAYS_ON_FEATURES as readonly string[]).includes(flag)) {
    return on ? null : 'is always on in Parley and cannot be switched off'
  }
  return on ? 'is not supported: Parley has no such feature' : null
}

/** Whether the account switched the feature off (absent: on). */
export const featureOff = (features: Record<string, unknown>, flag: SwitchableFeature) =>
  features[flag] === false

/** The account's limit of that kind, or null for none. */
export function accountLimit(limits: Record<string, unknown>, key: LimitKey): number | null {
  const value = limits[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}
