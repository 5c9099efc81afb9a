import { useSignal } from '@preact/signals'
import { useEffect, useId } from 'preact/hooks'
import { useStrings } from '../i18n/context'
import type { ContactLabel, ContactQuery } from './types'

export interface ContactSearchProps {
  query: ContactQuery
  labels: ContactLabel[]
  onChange(next: Partial<ContactQuery>): void
}

/**
 * The search box (applied on submit) and the label filter (applied on choice). The API's search
 * takes no label, so the filter is off while a search is applied, and says why.
 */
export function ContactSearch({ query, labels, onChange }: ContactSearchProps) {
  const t = useStrings().contacts
  const id = useId()
  const draft = useSignal(query.q)
  useEffect(() => {
    draft.value = query.q
  }, [query.q])
  const searching = query.q.trim() !== ''

  return (
    <div class="contacts-filters">
      <search class="contacts-search">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            const q = draft.value.trim()
            onChange(q ? { q, label: '' } : { q: '' })
          }}
        >
          <div class="form-field">
            <label for={`${id}-q`}>{t.search}</label>
            <div class="contacts-search-row">
              <input
                id={`${id}-q`}
                type="search"
                name="q"
                value={draft.value}
                aria-describedby={`${id}-q-hint`}
                onInput={(event) => {
                  draft.value = event.currentTarget.value
                }}
              />
              <button type="submit" class="button button-primary">
                {t.searchButton}
              </button>
              {searching && (
                <button type="button" class="button" onClick={() => onChange({ q: '' })}>
                  {t.clearSearch}
                </button>
              )}
            </div>
            <p class="form-hint" id={`${id}-q-hint`}>
              {t.searchHint}
            </p>
          </div>
        </form>
      </search>
      <div class="form-field contacts-label-filter">
        <label for={`${id}-label`}>{t.label}</label>
        <select
          id={`${id}-label`}
          value={searching ? '' : query.label}
          disabled={searching}
          aria-describedby={searching ? `${id}-label-hint` : undefined}
          onChange={(event) => onChange({ label: event.currentTarget.value })}
        >
          <option value="">{t.anyLabel}</option>
          {labels.map((label) => (
            <option key={label.id} value={label.title}>
              {label.title}
            </option>
          ))}
        </select>
        {searching && (
          <p class="form-hint" id={`${id}-label-hint`}>
            {t.labelWithSearch}
          </p>
        )}
      </div>
    </div>
  )
}
