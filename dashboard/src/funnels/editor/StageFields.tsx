import type { Signal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { CheckboxField } from '../../settings/shared/CheckboxField'
import { TextField } from '../../workspace/ui/TextField'
import type { StageDraft } from './editor-api'

export interface StageFieldsProps {
  draft: Signal<StageDraft>
  /** The envelope's message for a field, prefixed with its label, or null. */
  errorFor(field: string, label: string): string | null
}

/** A stage's name, colour, time limit and checklist template (rows added and removed in place). */
export function StageFields({ draft, errorFor }: StageFieldsProps) {
  const t = useStrings().funnelEditor
  const value = draft.value
  const group = useRef<HTMLFieldSetElement>(null)
  // Where focus goes once the rows are redrawn: a new row's title, or after a removal the row
  // before (or Add checklist item), so it never falls back to the page.
  const focusRow = useRef<number | null>(null)
  useEffect(() => {
    const row = focusRow.current
    if (row === null) return
    focusRow.current = null
    const titles = group.current?.querySelectorAll<HTMLInputElement>('li input[type="text"]')
    const target =
      titles?.[row] ?? group.current?.querySelector<HTMLButtonElement>(':scope > button')
    target?.focus()
  })
  const change = (patch: Partial<StageDraft>) => {
    draft.value = { ...draft.value, ...patch }
  }
  const changeItem = (index: number, patch: Partial<StageDraft['items'][number]>) => {
    change({ items: draft.value.items.map((it, i) => (i === index ? { ...it, ...patch } : it)) })
  }
  return (
    <>
      <div class="funnel-editor-row">
        <TextField
          label={t.stageName}
          value={value.name}
          required
          onInput={(name) => change({ name })}
          error={errorFor('name', t.stageName)}
        />
        <TextField
          label={t.color}
          type="color"
          value={value.color}
          onInput={(color) => change({ color })}
          error={errorFor('color', t.color)}
        />
        <TextField
          label={t.timeLimit}
          type="number"
          value={value.timeLimit}
          hint={t.timeLimitHint}
          onInput={(timeLimit) => change({ timeLimit })}
          error={errorFor('time_limit_minutes', t.timeLimit)}
        />
      </div>
      <fieldset class="funnel-editor-checklist" ref={group}>
        <legend>{t.checklist}</legend>
        <p class="form-hint">{t.checklistHint}</p>
        {value.items.length > 0 && (
          <ol>
            {value.items.map((item, index) => {
              const n = index + 1
              const title = format(t.itemTitle, { n })
              return (
                <li key={index} class="funnel-editor-item">
                  <TextField
                    label={title}
                    value={item.title}
                    required
                    onInput={(text) => changeItem(index, { title: text })}
                    error={errorFor(`checklist_template.${index}.title`, title)}
                  />
                  <CheckboxField
                    label={format(t.itemRequired, { n })}
                    checked={item.required}
                    onChange={(required) => changeItem(index, { required })}
                  />
                  <button
                    type="button"
                    class="button"
                    onClick={() => {
                      focusRow.current = index > 0 ? index - 1 : value.items.length > 1 ? 0 : -1
                      change({ items: value.items.filter((_, i) => i !== index) })
                    }}
                  >
                    {format(t.removeItem, { n })}
                  </button>
                </li>
              )
            })}
          </ol>
        )}
        <button
          type="button"
          class="button"
          onClick={() => {
            focusRow.current = value.items.length
            change({ items: [...value.items, { title: '', required: false }] })
          }}
        >
          {t.addItem}
        </button>
      </fieldset>
    </>
  )
}
