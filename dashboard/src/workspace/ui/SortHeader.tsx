export type SortState = 'ascending' | 'descending' | undefined

export interface SortHeaderProps {
  label: string
  /** How the table is sorted by this column now, if it is. */
  state: SortState
  /** The button's tooltip, e.g. "Sort by Name". */
  title: string
  onSort(): void
}

/** A column header that sorts its table: a button inside the `th`, which carries `aria-sort`. */
export function SortHeader({ label, state, title, onSort }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={state}>
      <button type="button" class="sort-button" title={title} onClick={onSort}>
        {label}
        <span aria-hidden="true" class="sort-mark">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : ''}
        </span>
      </button>
    </th>
  )
}
