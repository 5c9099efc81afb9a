import { type ApiClient, ApiError, unwrap } from './client'
import type { ApiErrorBody, Profile } from './schema'

/**
 * Signs in with email and password: the worker answers with the user (Chatwoot's shape) and sets
 * the HttpOnly session cookie, which every later call carries; the page never holds a token.
 */
export async function signIn(email: string, password: string, fetcher = fetch): Promise<Profile> {
  // Plain fetch until /auth/sign_in is in the generated types (the session helper's route).
  let res: Response
  try {
    res = await fetcher('/auth/sign_in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      credentials: 'same-origin',
    })
  } catch {
    throw new ApiError(0, 'offline', 'No connection')
  }
  const body = (await res.json().catch(() => ({}))) as { data?: Profile } & Partial<ApiErrorBody>
  if (res.ok && body.data) return body.data
  const retryAfter = Number(res.headers.get('retry-after')) || undefined
  throw new ApiError(
    res.status,
    String(body.error ?? 'error'),
    String(body.message ?? res.statusText),
    retryAfter,
  )
}

/** Ends the session (the cookie is cleared by the answer); failures still leave the app. */
export async function signOut(fetcher = fetch): Promise<void> {
  try {
    await fetcher('/auth/sign_out', { method: 'DELETE', credentials: 'same-origin' })
  } catch {}
}

/** The signed-in user, or null when there is no session (401). */
export async function loadProfile(api: ApiClient): Promise<Profile | null> {
  try {
    return await unwrap(api.GET('/api/v1/profile'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}
