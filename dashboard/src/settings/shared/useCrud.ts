import { type Signal, useSignal } from '@preact/signals'
import { type Loaded, useLoad } from '../../workspace/ui/useLoad'
import { type Submission, useSubmission } from './useSubmission'

export interface CrudOptions<T, Draft> {
  load(): Promise<T[]>
  /** Reload when these change (a search, a tab). */
  deps?: unknown[]
  blank(): Draft
  draftOf(item: T): Draft
  create(draft: Draft): Promise<unknown>
  update(item: T, draft: Draft): Promise<unknown>
  remove(item: T): Promise<unknown>
}

export type CrudOutcome = 'created' | 'updated' | 'deleted'

/** What the form is doing: nothing, adding, or editing one item. */
export type Editing<T> = null | { item: T | null }

export interface Crud<T, Draft> {
  list: Loaded<T[]>
  editing: Signal<Editing<T>>
  draft: Signal<Draft>
  submission: Submission<CrudOutcome>
  startCreate(): void
  startEdit(item: T): void
  change(patch: Partial<Draft>): void
  cancel(): void
  save(): Promise<void>
  remove(item: T): Promise<void>
}

/**
 * The list-create-edit-delete wiring every settings list shares: one form at a time, the list
 * reloaded after each write, failures kept for the form (and by field), successes announced.
 */
export function useCrud<T, Draft>(options: CrudOptions<T, Draft>): Crud<T, Draft> {
  const list = useLoad(options.load, options.deps ?? [])
  const editing = useSignal<Editing<T>>(null)
  const draft = useSignal<Draft>(options.blank())
  const submission = useSubmission<CrudOutcome>()

  const open = (item: T | null) => {
    submission.clear()
    draft.value = item ? options.draftOf(item) : options.blank()
    editing.value = { item }
  }
  return {
    list,
    editing,
    draft,
    submission,
    startCreate: () => open(null),
    startEdit: (item) => open(item),
    change(patch) {
      draft.value = { ...draft.value, ...patch }
    },
    cancel() {
      submission.clear()
      editing.value = null
    },
    async save() {
      const item = editing.value?.item ?? null
      const ok = await submission.run(
        () => (item ? options.update(item, draft.value) : options.create(draft.value)),
        item ? 'updated' : 'created',
      )
      if (!ok) return
      editing.value = null
      await list.reload()
    },
    async remove(item) {
      if (editing.value?.item === item) editing.value = null
      if (await submission.run(() => options.remove(item), 'deleted')) await list.reload()
    },
  }
}
