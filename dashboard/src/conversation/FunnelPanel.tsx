import { useSignal } from '@preact/signals'
import { useEffect, useId, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { useAction } from '../workspace/ui/useAction'
import { messageOf } from '../workspace/ui/useLoad'
import { usePane } from './context'
import { type FunnelView, funnelPanelApi, openRequiredTitles, stageDuration } from './funnel-panel'
import './funnel-panel.css'

/**
 * The open conversation's funnels: in each, its stage (moved with a select and Move), how long it
 * has been there, and that stage's checklist as checkboxes; and a way into a funnel it is not in.
 * It loads when first drawn, which the pane does after the messages (conversation/stages.ts),
 * and looks again when the conversation's record changes live (a move by someone else comes as
 * a conversation.updated frame).
 */
export function FunnelPanel({ displayId }: { displayId: number }) {
  const t = useStrings().funnelPanel
  const { api, accountId } = useAccount()
  const calls = funnelPanelApi(api, accountId, displayId)
  const view = useSignal<FunnelView | null>(null)
  const { error, status, act } = useAction((failure) => {
    const open = openRequiredTitles(failure, view.value?.checklist ?? [])
    return open ? format(t.refused, { items: open.join(', ') }) : messageOf(failure)
  })
  const chosen = useSignal<Record<number, string>>({})
  const entry = useSignal('')
  const headingId = useId()
  const record = usePane().store.state.conversation.value
  const seen = useRef(record)

  const reload = async () => {
    error.value = null
    try {
      view.value = await calls.load()
    } catch (failure) {
      error.value = messageOf(failure)
    }
  }
  const refresh = async () => {
    const current = view.value
    if (!current) return
    const fresh = await calls.refresh()
    // Dropped when the panel moved on to another conversation meanwhile.
    if (view.value?.funnels !== current.funnels) return
    view.value = { funnels: current.funnels, ...fresh }
    chosen.value = {}
  }
  useEffect(() => {
    if (seen.current === record) return
    seen.current = record
    refresh().catch(() => {})
  }, [record])
  useEffect(() => {
    view.value = null
    error.value = null
    status.value = ''
    chosen.value = {}
    void reload()
  }, [displayId, accountId])

  const move = (funnelId: number, stageId: number, done: (stage: string) => string) =>
    act(async () => {
      const placed = await calls.move(funnelId, stageId)
      await refresh()
      return done(placed.stage.name)
    })

  const loaded = view.value
  if (loaded && loaded.funnels.length === 0) return null
  const outside = loaded
    ? loaded.funnels.filter((f) => !loaded.placements.some((p) => p.funnel_id === f.id))
    : []
  return (
    <section class="cv-funnels" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.heading}</h3>
      {!loaded && !error.value && <p>{t.loading}</p>}
      {loaded && loaded.placements.length === 0 && <p>{t.none}</p>}
      {loaded?.placements.map((placement) => {
        const funnel = loaded.funnels.find((f) => f.id === placement.funnel_id)
        const funnelName = placement.funnel.name ?? funnel?.name ?? ''
        const items = loaded.checklist.filter((item) => item.stage_id === placement.stage_id)
        const value = chosen.value[placement.funnel_id] ?? String(placement.stage_id)
        const selectId = `${headingId}-stage-${placement.funnel_id}`
        return (
          <div key={placement.funnel_id} class="cv-funnel">
            <h4>{funnelName}</h4>
            <form
              class="cv-funnel-move"
              onSubmit={(event) => {
                event.preventDefault()
                const stageId = Number(value)
                if (stageId === placement.stage_id) return
                void move(placement.funnel_id, stageId, (stage) => format(t.movedTo, { stage }))
              }}
            >
              <label for={selectId}>{format(t.stageIn, { funnel: funnelName })}</label>
              <select
                id={selectId}
                value={value}
                onChange={(event) => {
                  const picked = (event.currentTarget as HTMLSelectElement).value
                  chosen.value = { ...chosen.value, [placement.funnel_id]: picked }
                }}
              >
                {(funnel?.stages ?? []).map((stage) => (
                  <option key={stage.id} value={String(stage.id)}>
                    {stage.name}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                class="button"
                aria-label={format(t.moveIn, { funnel: funnelName })}
              >
                {t.move}
              </button>
            </form>
            <p class="cv-funnel-time">
              {format(t.timeInStage, { time: stageDuration(placement.time_in_stage_seconds) })}
              {placement.time_limit_exceeded && (
                <strong class="cv-funnel-over"> {t.overLimit}</strong>
              )}
            </p>
            <fieldset class="cv-funnel-checklist">
              <legend>{format(t.checklist, { stage: placement.stage.name })}</legend>
              {items.length === 0 && <p>{t.noItems}</p>}
              {items.map((item) => (
                <label key={item.id} class="cv-funnel-item">
                  <input
                    type="checkbox"
                    checked={item.checked}
                    onChange={(event) => {
                      const checked = (event.currentTarget as HTMLInputElement).checked
                      void act(async () => {
                        const saved = await calls.check(item.id, checked)
                        const current = view.value
                        if (current) {
                          view.value = {
                            ...current,
                            checklist: current.checklist.map((it) =>
                              it.id === saved.id ? saved : it,
                            ),
                          }
                        }
                        return ''
                      })
                    }}
                  />
                  {item.title}
                  {item.required && <span class="cv-funnel-required"> ({t.required})</span>}
                </label>
              ))}
            </fieldset>
          </div>
        )
      })}
      {outside.length > 0 && (
        <form
          class="cv-funnel-move"
          onSubmit={(event) => {
            event.preventDefault()
            const [funnelId, stageId] = entry.value.split(':').map(Number)
            if (!funnelId || !stageId) return
            const name = outside.find((f) => f.id === funnelId)?.name ?? ''
            entry.value = ''
            void move(funnelId, stageId, () => format(t.placed, { funnel: name }))
          }}
        >
          <label for={`${headingId}-enter`}>{t.placeIn}</label>
          <select
            id={`${headingId}-enter`}
            value={entry.value}
            onChange={(event) => {
              entry.value = (event.currentTarget as HTMLSelectElement).value
            }}
          >
            <option value="">{t.choose}</option>
            {outside.flatMap((funnel) =>
              funnel.stages.map((stage) => (
                <option key={`${funnel.id}:${stage.id}`} value={`${funnel.id}:${stage.id}`}>
                  {format(t.placeOption, { funnel: funnel.name, stage: stage.name })}
                </option>
              )),
            )}
          </select>
          <button type="submit" class="button">
            {t.place}
          </button>
        </form>
      )}
      <p class="form-error" role="alert">
        {error.value ?? ''}
      </p>
      {!loaded && error.value && (
        <button type="button" class="button" onClick={() => void reload()}>
          {t.retry}
        </button>
      )}
      <p class="visually-hidden" role="status">
        {status.value}
      </p>
    </section>
  )
}
