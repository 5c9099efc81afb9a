import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../../env'
import { fieldError, issuesToFieldErrors, validationError } from '../../errors'
import { MAX_ATTACHMENTS_PER_MESSAGE } from '../../lib/files'
import {
  checkContentAttributes,
  type MessageFormSchema,
  type MessageInput,
  MessageInputSchema,
  readEmailList,
} from '../../schemas/messages'

export type Form = z.infer<typeof MessageFormSchema>

function booleanField(value: string | undefined) {
  if (value === undefined || value === '') return undefined
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw validationError([fieldError('private', 'must be true or false', 'invalid_type')])
}

/** A multipart form's fields as the JSON body would carry them, and its files. */
function fromForm(form: Form): { input: MessageInput; files: File[] } {
  const raw = form['attachments[]'] ?? form.attachments ?? []
  const list: unknown[] = Array.isArray(raw) ? raw : [raw]
  if (list.some((f) => !(f instanceof File))) {
    throw validationError([fieldError('attachments[]', 'must be files', 'invalid_type')])
  }
  const fields = Object.fromEntries(
    Object.entries({
      content: form.content,
      message_type: form.message_type,
      private: booleanField(form.private),
      content_type: form.content_type,
      content_attributes: form.content_attributes,
      echo_id: form.echo_id,
      source_id: form.source_id,
      cc_emails: form.cc_emails,
      bcc_emails: form.bcc_emails,
      to_emails: form.to_emails,
    }).filter(([, v]) => v !== undefined && v !== ''),
  )
  const parsed = MessageInputSchema.safeParse(fields)
  if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.error.issues))
  return { input: parsed.data, files: list as File[] }
}

/**
 * A new message's input, from a JSON body or a multipart form (whose fields arrive as strings
 * and whose files are `attachments[]`), checked as one: content attributes per content type, at
 * most 15 files, and something to send.
 */
export function readInput(c: Context<AppEnv>, json: MessageInput, form: Form) {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  // A url-encoded form arrives here as JSON already (readBody reads it as Rails does).
  const multipart = mediaType === 'multipart/form-data'
  const { input, files } = multipart ? fromForm(form) : { input: json, files: [] as File[] }
  const contentType = input.content_type ?? 'text'
  const checked = checkContentAttributes(contentType, input.content_attributes)
  if ('errors' in checked) {
    throw validationError(checked.errors.map((e) => fieldError(e.field, e.message)))
  }
  if (files.length > MAX_ATTACHMENTS_PER_MESSAGE) {
    throw validationError([
      fieldError('attachments[]', `at most ${MAX_ATTACHMENTS_PER_MESSAGE} files`, 'too_many'),
    ])
  }
  const blank = !input.content || input.content.trim() === ''
  if (blank && files.length === 0 && contentType === 'text') {
    throw validationError([fieldError('content', "can't be blank", 'required')])
  }
  return {
    input,
    files,
    contentType,
    contentAttributes: { ...checked.attributes, ...emailLists(input) },
  }
}

const EMAIL_LISTS = ['cc_emails', 'bcc_emails', 'to_emails'] as const

/** Chatwoot keeps cc_emails, bcc_emails and to_emails in content_attributes, as given. */
function emailLists(input: MessageInput) {
  const lists: Record<string, string> = {}
  const errors = []
  for (const field of EMAIL_LISTS) {
    const value = input[field]
    if (value === undefined) continue
    const { emails, invalid } = readEmailList(value)
    if (invalid.length > 0) {
      errors.push(
        fieldError(field, `${invalid.join(', ')} is not an email address`, 'invalid_format'),
      )
    } else if (emails.length > 0) lists[field] = emails.join(', ')
  }
  if (errors.length > 0) throw validationError(errors)
  return lists
}
