import { TextField } from '../../workspace/ui/TextField'
import type { FormKit } from './CrudPage'
import type { Column } from './ResourceTable'

interface Described {
  description: string
}

export interface NameAndDescriptionProps<Draft extends Described> {
  kit: FormKit<Draft>
  /** The draft's name field ("title" for a label, "name" for a team). */
  field: keyof Draft & string
  label: string
  hint: string
  descriptionLabel: string
}

/** A thing's required name and its optional, longer description (labels, teams). */
export function NameAndDescription<Draft extends Described>(props: NameAndDescriptionProps<Draft>) {
  const { kit, field, label, descriptionLabel } = props
  const { draft, set, error } = kit
  return (
    <>
      <TextField
        label={label}
        value={draft[field] as string}
        required
        hint={props.hint}
        error={error(field, label)}
        onInput={(value) => set({ [field]: value } as Partial<Draft>)}
      />
      <TextField
        label={descriptionLabel}
        value={draft.description}
        multiline
        error={error('description', descriptionLabel)}
        onInput={(description) => set({ description } as Partial<Draft>)}
      />
    </>
  )
}

/** The draft as the API takes it: a blank description is none. */
export const describedBody = <Draft extends Described>(draft: Draft) => ({
  ...draft,
  description: draft.description.trim() || null,
})

/** The list's description column (empty for none). */
export const descriptionColumn = <T extends { description?: string | null }>(
  header: string,
): Column<T> => ({ header, cell: (item) => item.description ?? '' })
