import createClient, { type Client } from 'openapi-fetch'
import type { ApiErrorBody, paths } from './schema'

export type ApiClient = Client<paths>

/**
 * The typed client over the documented API. The session is an HttpOnly cookie the browser sends
 * with same-origin requests: no token is held in script or storage.
 */
export function createApiClient(baseUrl = location.origin, fetcher?: typeof fetch): ApiClient {
  return createClient<paths>({
    baseUrl,
    credentials: 'same-origin',
    ...(fetcher ? { fetch: fetcher } : {}),
  })
}

/** The envelope's messages by field name (`short_code` → "has already been taken"). */
export type FieldErrors = Record<string, string>

/**
 * A failed call, in the API's error envelope. status 0: no answer (offline). `fields` holds the
 * envelope's `errors[]` by field (the first message of each), empty when it named none.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
    readonly fields: FieldErrors = {},
    /** What is wrong with each of `fields`: the envelope's `code` (worker/field-errors.ts). */
    readonly fieldCodes: FieldErrors = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response }
type EnvelopeFields = { errors?: { field?: unknown; message?: unknown; code?: unknown }[] }

function fieldErrorsOf(body: EnvelopeFields) {
  const fields: FieldErrors = {}
  const codes: FieldErrors = {}
  for (const entry of Array.isArray(body.errors) ? body.errors : []) {
    const field = String(entry?.field ?? '')
    if (field && !(field in fields)) {
      fields[field] = String(entry?.message ?? '')
      codes[field] = String(entry?.code ?? 'invalid')
    }
  }
  return { fields, codes }
}

/** The data of a call, or an ApiError built from its envelope. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>
  try {
    result = await call
  } catch {
    throw new ApiError(0, 'offline', 'No connection')
  }
  if (result.response.ok && result.data !== undefined) return result.data
  if (result.response.ok) return undefined as T
  const body = (result.error ?? {}) as Partial<ApiErrorBody> & EnvelopeFields
  const retryAfter = Number(result.response.headers.get('retry-after')) || undefined
  const { fields, codes } = fieldErrorsOf(body)
  throw new ApiError(
    result.response.status,
    String(body.error ?? 'error'),
    String(body.message ?? result.response.statusText),
    retryAfter,
    fields,
    codes,
  )
}
