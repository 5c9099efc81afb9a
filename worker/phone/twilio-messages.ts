/**
 * Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * one form-encoded POST per text, basic auth with the account SID and auth token, answered with
 * the message's `sid`. 429 and 5xx are worth retrying (with the server's Retry-After when it
 * gives one); any other refusal carries Twilio's `code` and `message`, which retrying repeats.
 */

export const DEFAULT_TWILIO_API_BASE = 'https://api.twilio.com'

export type OutgoingText = {
  accountSid: string
  authToken: string
  to: string
  /** The inbox's number (`whatsapp:`-prefixed for WhatsApp) or, instead, its Messaging Service. */
  from: string | null
  messagingServiceSid: string | null
  body: string
  mediaUrls: string[]
  statusCallback: string | null
}

export class TwilioSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
  }
}

/** Seconds from a Retry-After header (seconds or an HTTP date), within a queue's limits. */
function retryAfterOf(header: string | null, nowMs: number): number | null {
  if (!header) return null
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - nowMs) / 1000
  if (!Number.isFinite(seconds)) return null
  return Math.min(Math.max(Math.ceil(seconds), 0), 12 * 3600)
}

/** The form Twilio takes: one MediaUrl per attachment. */
export function textForm(text: OutgoingText): URLSearchParams {
  const form = new URLSearchParams({ To: text.to })
  if (text.messagingServiceSid) form.set('MessagingServiceSid', text.messagingServiceSid)
  else if (text.from) form.set('From', text.from)
  if (text.body) form.set('Body', text.body)
  for (const url of text.mediaUrls) form.append('MediaUrl', url)
  if (text.statusCallback) form.set('StatusCallback', text.statusCallback)
  return form
}

/** Sends one text; resolves to its MessageSid or throws a TwilioSendError. */
export async function sendText(
  apiBase: string | undefined,
  text: OutgoingText,
  fetcher: typeof fetch = fetch,
): Promise<{ messageSid: string }> {
  const base = (apiBase || DEFAULT_TWILIO_API_BASE).replace(/\/+$/, '')
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(text.accountSid)}/Messages.json`
  let res: Response
  try {
    res = await fetcher(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${text.accountSid}:${text.authToken}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: textForm(text).toString(),
      signal: AbortSignal.timeout(15_000),
    })
  } catch (error) {
    throw new TwilioSendError(`Twilio could not be reached: ${String(error)}`, true)
  }
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (res.ok && typeof answer.sid === 'string' && answer.sid) return { messageSid: answer.sid }
  const code = answer.code === undefined ? '' : ` ${String(answer.code)}`
  const said = typeof answer.message === 'string' ? `: ${answer.message}` : ''
  const reason = res.ok ? 'Twilio answered without a message sid' : `Twilio error${code}${said}`
  const retryable = res.status === 429 || res.status >= 500
  throw new TwilioSendError(
    res.ok ? reason : `${reason} (HTTP ${res.status})`,
    retryable,
    retryable ? retryAfterOf(res.headers.get('retry-after'), Date.now()) : null,
  )
}
