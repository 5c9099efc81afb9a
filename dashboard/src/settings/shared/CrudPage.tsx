import type { ComponentChildren } from 'preact'
import { useRef } from 'preact/hooks'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { PageHeader } from '../../workspace/ui/PageHeader'
import { CrudForm } from './CrudForm'
import { type Column, ResourceTable } from './ResourceTable'
import type { Crud } from './useCrud'
import '../../styles/settings-pages.css'

/** A list page's words: `editHeading` has a `{name}` slot. */
export interface CrudText {
  title: string
  description: string
  /** What one item is called in announcements ("Label" → "Label saved."). */
  thing: string
  add: string
  empty: string
  table: string
  newHeading: string
  editHeading: string
}

/** What a page's form fields are handed. */
export interface FormKit<Draft> {
  draft: Draft
  set(patch: Partial<Draft>): void
  /** The API's message for a field, prefixed with the field's label, or null. */
  error(field: string, label: string): string | null
  /** True when editing an existing item, false when adding. */
  editing: boolean
}

export interface CrudPageProps<T extends { id: number }, Draft> {
  text: CrudText
  crud: Crud<T, Draft>
  columns: Column<T>[]
  nameOf(item: T): string
  form(kit: FormKit<Draft>): ComponentChildren
  /** Controls above the list (a search, a kind picker). */
  toolbar?: ComponentChildren
  rowActions?(item: T): ComponentChildren
  /** What to say when the list is empty, if not `text.empty` (e.g. a search matched nothing). */
  emptyText?: string
  /** Panels under the list (a team's members). */
  children?: ComponentChildren
}

/** A settings page that lists things and adds, edits and deletes them. */
export function CrudPage<T extends { id: number }, Draft>(props: CrudPageProps<T, Draft>) {
  const crudText = useStrings().crud
  const { text, crud } = props
  const { list, submission, editing } = crud
  const items = list.data.value
  const outcome = submission.done.value
  const open = editing.value
  const page = useRef<HTMLDivElement>(null)
  // The deleted row took its focused button with it: the page's heading takes the focus.
  const remove = async (item: T) => {
    await crud.remove(item)
    page.current?.querySelector<HTMLElement>('h1')?.focus()
  }
  return (
    <div class="crud-page" ref={page}>
      <PageHeader
        title={text.title}
        description={text.description}
        actions={
          <button type="button" class="button button-primary" onClick={crud.startCreate}>
            {text.add}
          </button>
        }
      />
      <FormStatus
        error={open ? null : (submission.error.value ?? list.error.value)}
        success={outcome ? format(crudText[outcome], { thing: text.thing }) : null}
      />
      {open && (
        <CrudForm
          heading={
            open.item
              ? format(text.editHeading, { name: props.nameOf(open.item) })
              : text.newHeading
          }
          busy={submission.busy.value}
          onSubmit={() => void crud.save()}
          onCancel={crud.cancel}
        >
          <FormStatus error={submission.error.value} />
          {props.form({
            draft: crud.draft.value,
            set: crud.change,
            error: submission.fieldError,
            editing: open.item !== null,
          })}
        </CrudForm>
      )}
      {props.toolbar && <div class="crud-toolbar">{props.toolbar}</div>}
      {items === undefined ? (
        <p class="crud-loading">{list.loading.value ? crudText.loading : ''}</p>
      ) : items.length === 0 ? (
        <p class="empty-state">{props.emptyText ?? text.empty}</p>
      ) : (
        <ResourceTable
          caption={text.table}
          items={items}
          columns={props.columns}
          nameOf={props.nameOf}
          onEdit={crud.startEdit}
          onDelete={remove}
          rowActions={props.rowActions}
        />
      )}
      {props.children}
    </div>
  )
}
