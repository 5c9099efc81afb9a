import { useStrings } from '../i18n/context'
import type { ContactView } from './types'

/**
 * Identified contacts or every visitor: the API lists identified ones by default, so the page
 * says which it shows, and the hint under the choice says what the current one holds.
 */
export function ContactViews({
  view,
  onChange,
}: {
  view: ContactView
  onChange(view: ContactView): void
}) {
  const t = useStrings().contacts
  const choices: [ContactView, string][] = [
    ['identified', t.viewIdentified],
    ['all', t.viewAll],
  ]
  return (
    <div class="contacts-views">
      <fieldset class="segmented" aria-label={t.views}>
        {choices.map(([value, label]) => (
          <button
            key={value}
            type="button"
            class="segmented-option"
            aria-pressed={view === value}
            onClick={() => onChange(value)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <p class="contacts-views-hint">{view === 'all' ? t.viewAllHint : t.viewIdentifiedHint}</p>
    </div>
  )
}
