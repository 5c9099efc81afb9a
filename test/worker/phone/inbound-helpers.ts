import { env, SELF } from 'cloudflare:test'
import { twilioSignature } from '../../../worker/lib/twilio-signature'
import { accountPath, newAccountSid } from '../conversation-helpers'
import { accountDb, api, createWorld, uniq, type World } from '../helpers'

/** A Twilio Account SID no other test uses. */
/** An E.164 number no other test uses. */
export const newNumber = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

export type PhoneInbox = {
  world: World
  inboxId: number
  accountSid: string
  authToken: string
  number: string
  medium: 'sms' | 'whatsapp'
}

/** A phone inbox made through Chatwoot's twilio_channel route, its credentials checked by the stand-in. */
export async function twilioInbox(
  medium: 'sms' | 'whatsapp' = 'sms',
  world?: World,
  settings: Record<string, unknown> = {},
): Promise<PhoneInbox> {
  const owner = world ?? (await createWorld())
  const accountSid = newAccountSid()
  const authToken = `token-${uniq()}`
  const number = newNumber()
  const res = await api(`${accountPath(owner)}/channels/twilio_channel`, {
    token: owner.admin.token,
    body: {
      twilio_channel: {
        name: uniq('Phone '),
        medium,
        account_sid: accountSid,
        auth_token: authToken,
        phone_number: number,
      },
    },
  })
  if (res.status !== 200) throw new Error(`twilioInbox: ${res.status} ${res.text}`)
  if (Object.keys(settings).length > 0) {
    const update = await api(`${accountPath(owner)}/inboxes/${res.json.id}`, {
      method: 'PATCH',
      token: owner.admin.token,
      body: settings,
    })
    if (update.status !== 200) throw new Error(`twilioInbox: ${update.status} ${update.text}`)
  }
  return { world: owner, inboxId: res.json.id, accountSid, authToken, number, medium }
}

export const CALLBACK_URL = 'http://parley.test/twilio/callback'
/** The URL Twilio signs: the deployment's public one (PUBLIC_BASE_URL, set by .dev.vars here). */
export const SIGNED_URL = env.PUBLIC_BASE_URL
  ? `${env.PUBLIC_BASE_URL.replace(/\/+$/, '')}/twilio/callback`
  : CALLBACK_URL

/** Twilio's message webhook for `inbox`, signed with its auth token unless `signature` is given. */
export async function postInbound(
  inbox: Pick<PhoneInbox, 'accountSid' | 'authToken' | 'number' | 'medium'>,
  params: Record<string, string>,
  signature?: string | null,
) {
  const address = (n: string) => (inbox.medium === 'whatsapp' ? `whatsapp:${n}` : n)
  const full: Record<string, string> = {
    MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`,
    AccountSid: inbox.accountSid,
    To: address(inbox.number),
    NumMedia: '0',
    Body: 'Hello',
    ...params,
  }
  full.From ??= address('+15557654321')
  const sign =
    signature === undefined
      ? await twilioSignature(inbox.authToken, SIGNED_URL, Object.entries(full))
      : signature
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (sign !== null) headers['x-twilio-signature'] = sign
  const res = await SELF.fetch(CALLBACK_URL, {
    method: 'POST',
    headers,
    body: new URLSearchParams(full).toString(),
  })
  return { status: res.status, headers: res.headers, text: await res.text(), params: full }
}

/** The first column of one row of `query` on the account's shard. */
export async function scalar(accountId: number, query: string, ...binds: unknown[]) {
  const db = await accountDb(accountId)
  const row = await db
    .prepare(query)
    .bind(...binds)
    .first<Record<string, unknown>>()
  return row ? Object.values(row)[0] : undefined
}

/** What an account holds of phone intake: contacts, contact inboxes, conversations, messages, attachments. */
export async function intakeCounts(accountId: number) {
  const count = (table: string) =>
    scalar(accountId, `select count(*) from ${table} where account_id = ?`, accountId)
  return {
    contacts: await count('contacts'),
    contactInboxes: await count('contact_inboxes'),
    conversations: await count('conversations'),
    messages: await count('messages'),
    attachments: await count('attachments'),
  }
}

export const mediaUrl = (bytes = 64, type = 'image/png') =>
  `${env.TWILIO_API_BASE}/media/${uniq('m')}?bytes=${bytes}&type=${encodeURIComponent(type)}`
