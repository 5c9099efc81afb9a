import * as hooks from 'preact/hooks'
// Compiled JSX calls only these three (the whole namespace would add the template helpers).
import { Fragment, jsx, jsxs } from 'preact/jsx-runtime'
import * as context from '../components/context'
import * as i18n from '../i18n'
import * as state from '../store/state'

/**
 * What the part chunks (widget-part-*.js) import from the app, by the names their build gives
 * these modules (PART_SHARED in widget/build/config.ts): one Preact, one widget context.
 */
export const PART_MODULES: Record<string, unknown> = {
  'preact/hooks': hooks,
  'preact/jsx-runtime': { Fragment, jsx, jsxs },
  'parley:context': context,
  'parley:i18n': i18n,
  'parley:state': state,
}

/** A part chunk's body: CommonJS, run with the app's modules as `require`. */
export type PartFactory = (require: (id: string) => unknown, exports: object) => void

export function runPart<T>(factory: PartFactory): T {
  const exports = {}
  factory((id) => {
    if (!(id in PART_MODULES)) throw new Error(`Parley: a chunk needs ${id}, which the app lacks`)
    return PART_MODULES[id]
  }, exports)
  return exports as T
}
