export interface FormStatusProps {
  /** What went wrong: shown and announced assertively. */
  error?: string | null
  /** What went right ("Saved"): announced politely. */
  success?: string | null
}

/** The outcome of a form's submit, in live regions that exist before they are filled. */
export function FormStatus({ error, success }: FormStatusProps) {
  return (
    <>
      <p class="form-error" role="alert">
        {error ?? ''}
      </p>
      <p class="form-success" role="status">
        {success ?? ''}
      </p>
    </>
  )
}
