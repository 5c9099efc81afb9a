import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useStrings } from '../i18n/context'
import type { FunnelEditorProps } from './editor/FunnelEditor'

/**
 * The administrators' funnel editor (funnels/editor/), the pages' only import of it: a chunk of
 * its own, fetched when first opened, so agents never load it.
 */
export function FunnelEditorSlot(props: FunnelEditorProps) {
  const t = useStrings().funnels
  const [Editor, setEditor] = useState<ComponentType<FunnelEditorProps> | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    import('./editor/FunnelEditor')
      .then((module) => {
        if (live) setEditor(() => module.FunnelEditor)
      })
      .catch(() => {
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [])
  if (failed) return <p class="form-error">{t.editorUnavailable}</p>
  if (!Editor) return <p class="funnel-note">{t.editorLoading}</p>
  return <Editor {...props} />
}
