import { useEffect } from 'preact/hooks'
import type { PartName, Parts } from '../store/parts'
import { useWidget } from './context'

/** A chunk's exports once loaded (asked for on first use), undefined until then. */
export function usePart<K extends PartName>(name: K): Parts[K] | undefined {
  const widget = useWidget()
  const part = widget.parts.loaded.value[name]
  useEffect(() => {
    if (!part) widget.parts.need(name)
  }, [part, name, widget])
  return part
}
