import { signal } from '@preact/signals'
import type * as Attachments from '../components/parts/attachments'
import type * as Hours from '../components/parts/hours'
import type * as Past from '../components/parts/past'
import type * as Prechat from '../components/parts/prechat'
import type * as Rich from '../components/parts/rich'
import type * as Team from '../components/parts/team'
import type { WidgetEvent } from '../shared/protocol'
import type { WidgetEnv } from './context'

/** Rarely needed parts of the widget, each a chunk fetched the first time it is used. */
export interface Parts {
  rich: typeof Rich
  prechat: typeof Prechat
  hours: typeof Hours
  attachments: typeof Attachments
  team: typeof Team
  past: typeof Past
}
export type PartName = keyof Parts

export function createParts(env: WidgetEnv, emit: (event: WidgetEvent, detail?: unknown) => void) {
  const loaded = signal<Partial<Parts>>({})
  // Parts whose last fetch failed, so a control that needs one can fall back instead of waiting.
  const failed = signal<Partial<Record<PartName, boolean>>>({})
  const requested = new Set<PartName>()
  return {
    loaded,
    failed,
    /** Fetches a part once; a failed fetch is reported and tried again on the next use. */
    need(name: PartName): void {
      if (loaded.peek()[name] || requested.has(name)) return
      requested.add(name)
      if (failed.peek()[name]) failed.value = { ...failed.peek(), [name]: false }
      env.loadPart(name).then(
        (part) => {
          loaded.value = { ...loaded.peek(), [name]: part }
        },
        (error: unknown) => {
          requested.delete(name)
          failed.value = { ...failed.peek(), [name]: true }
          emit('error', { message: error instanceof Error ? error.message : String(error) })
        },
      )
    },
  }
}
