import { type ApiClient, ApiError, unwrap } from '../api/client'
import type { Profile } from '../api/schema'
import { loadProfile } from '../api/session'
import { type AgentsStrings, format } from '../i18n'

export type SetPasswordOutcome =
  | { profile: Profile }
  | { profile?: undefined; error: string; linkDead: boolean }

/**
 * PUT /auth/password with the link's token: the answer sets the session cookie, then the
 * profile is read as any signed-in start reads it. A refused link (422 on the token) is dead.
 */
export async function setPasswordWithLink(
  api: ApiClient,
  token: string,
  password: string,
  confirmation: string,
  /** What the refusals say (the chosen language's words). */
  t: AgentsStrings,
): Promise<SetPasswordOutcome> {
  const call = api.PUT('/auth/password', {
    body: { reset_password_token: token, password, password_confirmation: confirmation },
  })
  try {
    await unwrap(call)
    const profile = await loadProfile(api)
    if (profile) return { profile }
    return { error: t.failed, linkDead: false }
  } catch (failure) {
    if (!(failure instanceof ApiError)) return { error: t.failed, linkDead: false }
    if (failure.status === 0) return { error: t.noConnection, linkDead: false }
    if (failure.status === 429) {
      return { error: format(t.tooMany, { seconds: failure.retryAfter ?? 60 }), linkDead: false }
    }
    if (failure.status === 422) {
      const body = (await call).error as { errors?: { field?: string }[] } | undefined
      const fields = (body?.errors ?? []).map((entry) => entry.field)
      if (fields.includes('reset_password_token')) return { error: t.badLink, linkDead: true }
      if (fields.includes('password_confirmation')) return { error: t.mismatch, linkDead: false }
      if (fields.includes('password')) return { error: t.tooShort, linkDead: false }
    }
    return { error: failure.message || t.failed, linkDead: false }
  }
}
