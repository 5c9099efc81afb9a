import { ApiError, unwrap } from '../../api/client'

export type { FieldErrors } from '../../api/client'

/** A refused write whose envelope named the fields at fault. */
export class FormError extends ApiError {
  constructor(failure: ApiError) {
    super(
      failure.status,
      failure.code,
      failure.message,
      failure.retryAfter,
      failure.fields,
      failure.fieldCodes,
    )
    this.name = 'FormError'
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response }

/**
 * `unwrap` for a form's write: the same data or ApiError, but a failure that names fields
 * (ApiError's `fields`, read by `unwrap`) becomes a FormError, so each message can be shown by
 * its field.
 */
export async function submit<T>(call: Promise<Result<T>>): Promise<T> {
  try {
    return await unwrap(call)
  } catch (failure) {
    if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
      throw new FormError(failure)
    }
    throw failure
  }
}
