import type { ComponentChildren } from 'preact'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { ConfirmButton } from '../../workspace/ui/ConfirmButton'

export interface Column<T> {
  header: string
  cell(item: T): ComponentChildren
}

export interface ResourceTableProps<T extends { id: number }> {
  caption: string
  items: T[]
  columns: Column<T>[]
  nameOf(item: T): string
  onEdit(item: T): void
  onDelete(item: T): Promise<void>
  /** More buttons for a row (a team's members). */
  rowActions?(item: T): ComponentChildren
}

/**
 * A list of things with Edit and Delete on each row. Each cell carries its column's name, so at
 * phone widths the rows stack as cards with the names beside the values (settings-pages.css).
 */
export function ResourceTable<T extends { id: number }>(props: ResourceTableProps<T>) {
  const crudText = useStrings().crud
  return (
    <table class="table resource-table">
      <caption class="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
          <th scope="col">{crudText.actions}</th>
        </tr>
      </thead>
      <tbody>
        {props.items.map((item) => {
          const name = props.nameOf(item)
          return (
            <tr key={item.id}>
              {props.columns.map((column) => (
                <td key={column.header} data-label={column.header}>
                  {column.cell(item)}
                </td>
              ))}
              <td data-label={crudText.actions}>
                <div class="row-actions">
                  <button type="button" class="button" onClick={() => props.onEdit(item)}>
                    {format(crudText.edit, { name })}
                  </button>
                  {props.rowActions?.(item)}
                  <ConfirmButton
                    label={format(crudText.delete, { name })}
                    question={crudText.deleteQuestion}
                    confirmLabel={crudText.confirmDelete}
                    cancelLabel={crudText.cancel}
                    onConfirm={() => props.onDelete(item)}
                  />
                </div>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
