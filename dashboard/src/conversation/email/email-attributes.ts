/**
 * Reads Chatwoot's `content_attributes.email` of a message (subject, from, to, cc, text and
 * HTML content) and the conversation's mail authentication. The API types these as open objects,
 * so every field is checked here, once: anything of the wrong shape reads as absent.
 */

export interface EmailContent {
  full?: string
  reply?: string
  quoted?: string
}

export interface EmailAttributes {
  subject?: string
  from: string[]
  to: string[]
  cc: string[]
  bcc: string[]
  text?: EmailContent
  html?: EmailContent
  /** The mail's inline images (`cid:` in its HTML) as the files the intake stored: cid → path. */
  inlineImages: Record<string, string>
}

/** Mail that no person wrote: shown with a badge, never answered automatically. */
export type AutomaticKind = 'auto_reply' | 'bounce' | 'bulk'

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined

/** Addresses as Chatwoot lists them: strings, or `{ name, email|address }` objects. */
function addresses(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []
  const out: string[] = []
  for (const item of list) {
    if (typeof item === 'string') {
      if (item.trim()) out.push(item.trim())
      continue
    }
    const entry = record(item)
    const address = text(entry?.email) ?? text(entry?.address)
    const name = text(entry?.name)
    if (address) out.push(name ? `${name} <${address}>` : address)
  }
  return out
}

function content(value: unknown): EmailContent | undefined {
  const entry = record(value)
  if (!entry) return undefined
  const read = { full: text(entry.full), reply: text(entry.reply), quoted: text(entry.quoted) }
  return read.full || read.reply || read.quoted ? read : undefined
}

/** The message's email attributes, or null for a message that did not come as mail. */
export function emailOf(contentAttributes: unknown): EmailAttributes | null {
  const email = record(record(contentAttributes)?.email)
  if (!email) return null
  return {
    subject: text(email.subject),
    from: addresses(email.from),
    to: addresses(email.to),
    cc: addresses(email.cc),
    bcc: addresses(email.bcc),
    text: content(email.text_content),
    html: content(email.html_content),
    inlineImages: inlineImages(email.inline_images),
  }
}

/** Only same-origin file paths: anything else in the map is ignored. */
function inlineImages(value: unknown): Record<string, string> {
  const entries = Object.entries(record(value) ?? {})
  return Object.fromEntries(
    entries.filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && /^\/files\/[\w./-]+$/.test(entry[1]),
    ),
  )
}

const KINDS: readonly AutomaticKind[] = ['auto_reply', 'bounce', 'bulk']
const kindOf = (value: unknown): AutomaticKind | null =>
  KINDS.find((kind) => kind === value) ?? null

/**
 * Whether the mail is an auto-reply, a bounce or bulk mail. The intake marks it on the email
 * attributes (`auto_reply: true`, or a `kind`/`classification` naming it); either is read.
 */
export function automaticKind(contentAttributes: unknown): AutomaticKind | null {
  const attributes = record(contentAttributes)
  const email = record(attributes?.email)
  for (const source of [email, attributes]) {
    if (!source) continue
    for (const key of ['kind', 'mail_kind', 'classification', 'auto_reply_kind']) {
      const kind = kindOf(source[key])
      if (kind) return kind
    }
    if (source.bounce === true || source.is_bounce === true) return 'bounce'
    if (source.auto_reply === true || source.is_auto_reply === true) return 'auto_reply'
    const named = kindOf(source.auto_reply)
    if (named) return named
  }
  return null
}

const FAIL = new Set(['fail', 'failed', 'softfail', 'permerror'])
const failed = (value: unknown) => typeof value === 'string' && FAIL.has(value.toLowerCase())
const passed = (value: unknown) => typeof value === 'string' && value.toLowerCase() === 'pass'

/**
 * Whether the conversation's sender failed mail authentication, as the intake recorded what Email
 * Routing told (`additional_attributes.mail_auth`: `{ spf, dkim, dmarc }` verdicts, or a
 * verdict/flag). DMARC failing decides; without DMARC, a failed check that the other does not
 * make up for (forwarded mail often breaks SPF while DKIM still passes).
 */
export function senderAuthFailed(additionalAttributes: unknown): boolean {
  const attributes = record(additionalAttributes)
  if (!attributes) return false
  for (const key of ['mail_auth', 'email_auth', 'auth_results', 'authentication']) {
    const value = attributes[key]
    if (value === false || failed(value)) return true
    const auth = record(value)
    if (!auth) continue
    if (auth.failed === true || auth.passed === false || failed(auth.verdict)) return true
    if (failed(auth.dmarc)) return true
    if (passed(auth.dmarc)) return false
    if (failed(auth.spf) && !passed(auth.dkim)) return true
    if (failed(auth.dkim) && !passed(auth.spf)) return true
  }
  return false
}

/** Why the mail could not be sent, for a message the server marked failed. */
export function externalError(contentAttributes: unknown): string | undefined {
  return text(record(contentAttributes)?.external_error)
}
