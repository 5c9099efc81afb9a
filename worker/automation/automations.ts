import type { Automation } from './run'

/**
 * Every automation that reacts to published events, in the order they run. Each lives in its own
 * file of worker/automation/ and is idempotent (see `Automation`).
 */
export const AUTOMATIONS: readonly Automation[] = []
