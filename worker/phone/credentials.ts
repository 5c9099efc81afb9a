/**
 * A phone inbox's Twilio credentials: checked against Twilio before the inbox is made (as
 * Chatwoot does), and the auth token kept only sealed (lib/secret-box.ts).
 */
import { openSecret, sealSecret } from '../lib/secret-box'
import { guardedFetch } from '../lib/ssrf'

/**
 * The key auth tokens are sealed with: the secret TWILIO_CREDENTIALS_KEY, else the platform API
 * token (a secret every deployment has). Changing it makes the saved tokens unreadable, so their
 * inboxes must be saved again.
 */
export const credentialsKey = (env: Env) => env.TWILIO_CREDENTIALS_KEY || env.PLATFORM_API_TOKEN

export const sealAuthToken = (env: Env, authToken: string) =>
  sealSecret(credentialsKey(env), authToken)

export const openAuthToken = (env: Env, sealed: string) => openSecret(credentialsKey(env), sealed)

export const twilioApiBase = (env: Env) =>
  (env.TWILIO_API_BASE || 'https://api.twilio.com').replace(/\/+$/, '')

export const basicAuth = (accountSid: string, authToken: string) =>
  `Basic ${btoa(`${accountSid}:${authToken}`)}`

const CHECK_TIMEOUT_MS = 10_000

export type CredentialCheck = 'valid' | 'refused' | 'unreachable'

/**
 * Whether Twilio accepts the account SID and auth token: it answers the account's own resource
 * (`GET /2010-04-01/Accounts/{sid}.json`) only to them. 401 and 404 are a refusal; no answer, or
 * any other, is Twilio being unreachable. A base on a private host is reached only when
 * WEBHOOK_ALLOWED_HOSTS allows it (a local stand-in).
 */
export async function checkTwilioCredentials(
  env: Env,
  accountSid: string,
  authToken: string,
): Promise<CredentialCheck> {
  const url = `${twilioApiBase(env)}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}.json`
  try {
    const res = await guardedFetch(
      url,
      { headers: { authorization: basicAuth(accountSid, authToken), accept: 'application/json' } },
      { allowedHosts: env.WEBHOOK_ALLOWED_HOSTS, timeoutMs: CHECK_TIMEOUT_MS },
    )
    await res.body?.cancel()
    if (res.ok) return 'valid'
    if (res.status === 401 || res.status === 403 || res.status === 404) return 'refused'
    return 'unreachable'
  } catch {
    // Refused by the allow-list, timed out or no connection: Twilio could not be asked.
    return 'unreachable'
  }
}
