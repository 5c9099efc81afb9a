import { useEffect } from 'preact/hooks'
import { useAccount } from '../app/context'
import { setLabels } from './actions'
import { usePane } from './context'

/** The account's labels as checkboxes: checking one adds it, unchecking removes it. */
export function LabelsMenu() {
  const t = useAccount().strings.conversation
  const { store, directory } = usePane()
  const current = store.state.conversation.value?.labels ?? []
  useEffect(() => directory.refreshLabels(), [directory])
  const labels = directory.labels.value
  if (!labels.length) return <p class="cv-menu-empty">{t.noLabels}</p>
  return (
    <fieldset class="cv-menu">
      <legend class="visually-hidden">{t.labels}</legend>
      {labels.map((label) => {
        const checked = current.includes(label.title)
        return (
          <label key={label.id} class="cv-check">
            <input
              type="checkbox"
              checked={checked}
              onChange={() => {
                const next = checked
                  ? current.filter((title) => title !== label.title)
                  : [...current, label.title]
                void setLabels(store, next)
              }}
            />
            <span>{label.title}</span>
          </label>
        )
      })}
    </fieldset>
  )
}
