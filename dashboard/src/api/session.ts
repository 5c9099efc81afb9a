import { type ApiClient, ApiError, unwrap } from './client'
import type { Profile } from './schema'

/**
 * Signs in with email and password: the worker answers with the user (Chatwoot's shape) and sets
 * the HttpOnly session cookie, which every later call carries; the page keeps no token.
 */
export async function signIn(api: ApiClient, email: string, password: string): Promise<Profile> {
  const { data } = await unwrap(api.POST('/auth/sign_in', { body: { email, password } }))
  return data as Profile
}

/** "Forgot password?": the answer is the same whether or not the email is known. */
export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await unwrap(api.POST('/auth/password', { body: { email } }))
}

/** Ends the session (the answer clears the cookie); a failure still leaves the app. */
export async function signOut(api: ApiClient): Promise<void> {
  try {
    await unwrap(api.DELETE('/auth/sign_out'))
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
