/** The webhook subscriptions Chatwoot and Parley offer (DESIGN.md §6). */
export const EVENT_KINDS = [
  'conversation_created',
  'conversation_status_changed',
  'conversation_updated',
  'message_created',
  'message_updated',
  'contact_created',
  'contact_updated',
  'webwidget_triggered',
] as const

export type EventKind = (typeof EVENT_KINDS)[number]

export type ChangedAttribute = Record<string, { previous_value: unknown; current_value: unknown }>

/**
 * Chatwoot's `changed_attributes`: one single-key object per attribute whose value differs.
 * Values are compared as JSON so objects and arrays compare by content.
 */
export function changedAttributes<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  keys: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): ChangedAttribute[] {
  const changes: ChangedAttribute[] = []
  for (const key of keys) {
    if (!(key in after)) continue
    const previous = before[key] ?? null
    const current = after[key] ?? null
    if (JSON.stringify(previous) !== JSON.stringify(current)) {
      changes.push({ [key]: { previous_value: previous, current_value: current } })
    }
  }
  return changes
}
