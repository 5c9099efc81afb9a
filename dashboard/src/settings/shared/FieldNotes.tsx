/** The ids a control points at with aria-describedby, for its hint and its error. */
export function noteIds(id: string, hint?: string, error?: string | null) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined }
}

export interface FieldNotesProps {
  id: string
  hint?: string
  error?: string | null
}

/** A field's hint and error under it, with the ids `noteIds` gave its control. */
export function FieldNotes({ id, hint, error }: FieldNotesProps) {
  const { hintId, errorId } = noteIds(id, hint, error)
  return (
    <>
      {hint && (
        <p class="form-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p class="form-error" id={errorId}>
          {error}
        </p>
      )}
    </>
  )
}
