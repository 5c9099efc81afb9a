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

/** A failed call, in the API's error envelope. status 0: no answer (offline). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response }

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
  const body = (result.error ?? {}) as Partial<ApiErrorBody>
  const retryAfter = Number(result.response.headers.get('retry-after')) || undefined
  throw new ApiError(
    result.response.status,
    String(body.error ?? 'error'),
    String(body.message ?? result.response.statusText),
    retryAfter,
  )
}
