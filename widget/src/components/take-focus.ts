import type { RefObject } from 'preact'
import { useEffect } from 'preact/hooks'

/**
 * Focuses the element on mount when it replaces whatever had focus in the panel (loading text,
 * a submitted form, an ended notice), but never takes focus away from the page.
 */
export function useTakeFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current
    const root = el?.getRootNode() as Document | ShadowRoot | undefined
    const active = root?.activeElement
    if (!active || active.classList.contains('panel')) el?.focus()
  }, [])
}
