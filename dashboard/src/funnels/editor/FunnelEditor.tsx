import { useSignal } from '@preact/signals'
import { useEffect, useId } from 'preact/hooks'
import type { Funnel } from '../../api/schema'
import { useAccount } from '../../app/context'
import { funnelsPath } from '../../app/router'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { ConfirmButton } from '../../workspace/ui/ConfirmButton'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { messageOf } from '../../workspace/ui/useLoad'
import { editorApi } from './editor-api'
import { FunnelDetails } from './FunnelDetails'
import { StageList } from './StageList'
import '../../styles/workspace.css'
import '../../styles/settings-pages.css'
import './funnel-editor.css'

export interface FunnelEditorProps {
  /** The funnel to edit, or null to create one. */
  funnelId: number | null
  /** Called after each change the server accepted, so the list and board can reload. */
  onChanged(): void
}

/**
 * Funnel and stage editing for administrators, as a region of the page (no modal): the funnel's
 * name and description, then (once it exists) its stages, each saved on its own, and Delete.
 */
export function FunnelEditor({ funnelId, onChanged }: FunnelEditorProps) {
  const t = useStrings().funnelEditor
  const { api, accountId, navigate } = useAccount()
  const calls = editorApi(api, accountId)
  const funnel = useSignal<Funnel | null>(null)
  const loading = useSignal(funnelId !== null)
  const error = useSignal<string | null>(null)
  const deleted = useSignal(false)
  const headingId = useId()

  useEffect(() => {
    funnel.value = null
    deleted.value = false
    error.value = null
    if (funnelId === null) {
      loading.value = false
      return
    }
    let current = true
    loading.value = true
    calls
      .load(funnelId)
      .then((found) => {
        if (current) funnel.value = found
      })
      .catch((failure) => {
        if (current) error.value = messageOf(failure)
      })
      .finally(() => {
        if (current) loading.value = false
      })
    return () => {
      current = false
    }
  }, [funnelId, accountId])

  const shown = funnel.value
  const heading = shown ? format(t.editHeading, { name: shown.name }) : t.newHeading
  return (
    <section class="funnel-editor" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {loading.value ? (
        <p role="status">{t.loading}</p>
      ) : deleted.value ? (
        <p role="status">{t.deleted}</p>
      ) : (
        <>
          {!(funnelId !== null && !shown) && (
            <FunnelDetails
              key={funnelId ?? 'new'}
              funnel={shown}
              calls={calls}
              onSaved={(saved) => {
                funnel.value = saved
                onChanged()
              }}
            />
          )}
          {shown && (
            <StageList
              funnel={shown}
              calls={calls}
              onStages={(stages) => {
                funnel.value = { ...shown, stages }
                onChanged()
              }}
            />
          )}
          {shown && (
            <div class="funnel-editor-delete">
              <ConfirmButton
                label={format(t.deleteFunnel, { name: shown.name })}
                question={t.deleteFunnelQuestion}
                confirmLabel={t.confirm}
                cancelLabel={t.cancel}
                onConfirm={async () => {
                  try {
                    await calls.remove(shown.id)
                    deleted.value = true
                    onChanged()
                    // The board it was opened from is gone with it: back to the list.
                    if (funnelId !== null) navigate(funnelsPath(accountId))
                  } catch (failure) {
                    error.value = messageOf(failure)
                  }
                }}
              />
            </div>
          )}
          <FormStatus error={error.value} />
        </>
      )}
    </section>
  )
}
