import type { Context } from 'hono'
import {
  type ContactInboxWithInbox,
  type ContactRow,
  findUniqueClashes,
} from '../../db/queries/contacts'
import { findInbox, isInboxMember } from '../../db/queries/inboxes'
import type { AppEnv } from '../../env'
import {
  apiError,
  type FieldError,
  fieldError,
  issuesToFieldErrors,
  validationError,
} from '../../errors'
import { restrictedAgentId } from '../../middleware/access'
import { avatarUrl, toContact } from '../../schemas/contacts'
import {
  type ContactCreateInput,
  ContactCreateSchema,
  type ContactUpdateInput,
  ContactUpdateSchema,
} from '../../schemas/contacts-input'

export const tags = ['Contacts']
export const base = '/api/v1/accounts/{account_id}/contacts'

/** The labels a label filter's parameters name (the list's, the export's): trimmed, lower case, once each. */
export function labelsOf(...lists: (string | string[] | undefined)[]) {
  const labels = lists.flatMap((l) => (l === undefined ? [] : Array.isArray(l) ? l : [l]))
  return [...new Set(labels.map((l) => l.trim().toLowerCase()).filter(Boolean))]
}

export { visibleContact } from '../../middleware/access'

export const contactJson = (
  c: Context<AppEnv>,
  row: ContactRow,
  contactInboxes?: ContactInboxWithInbox[],
) => toContact(row, c.req.url, contactInboxes)

/**
 * An inbox named in a request body: 422 when the account has no such inbox, 403 when the caller
 * is an agent who is not its member.
 */
export async function inboxFromBody(c: Context<AppEnv>, inboxId: number) {
  const inbox = await findInbox(c.var.db, c.var.accountId, inboxId)
  if (!inbox) throw validationError([fieldError('inbox_id', 'does not exist', 'not_found')])
  const agentId = restrictedAgentId(c)
  if (agentId !== null && !(await isInboxMember(c.var.db, inbox.id, agentId))) {
    throw apiError('forbidden', 'You are not a member of this inbox')
  }
  return inbox
}

/** 422 naming every one of email, phone_number and identifier another contact already has. */
export async function checkUnique(
  c: Context<AppEnv>,
  values: { email?: string | null; phoneNumber?: string | null; identifier?: string | null },
  exceptId?: number,
) {
  const clashes = await findUniqueClashes(c.var.db, c.var.accountId, values, exceptId)
  const errors: FieldError[] = []
  const taken = (field: string) => errors.push(fieldError(field, 'has already been taken', 'taken'))
  if (values.email && clashes.some((r) => r.email === values.email)) taken('email')
  if (values.phoneNumber && clashes.some((r) => r.phoneNumber === values.phoneNumber)) {
    taken('phone_number')
  }
  if (values.identifier && clashes.some((r) => r.identifier === values.identifier)) {
    taken('identifier')
  }
  if (errors.length > 0) throw validationError(errors)
}

// A url-encoded form arrives here as JSON already (readBody reads it as Rails does).
const isFormRequest = (c: Context<AppEnv>) =>
  /^multipart\/form-data/i.test(c.req.header('content-type') ?? '')

const ATTRIBUTE_FIELD = /^(additional_attributes|custom_attributes)\[([^\]]+)\]$/

/**
 * A multipart body as the JSON body it stands for, plus its `avatar` file. Attributes come as
 * JSON text or as Rails-style `custom_attributes[key]` fields (whose values stay strings).
 */
function fromForm(form: Record<string, unknown>) {
  const body: Record<string, unknown> = {}
  const attributes: Record<string, Record<string, unknown>> = {}
  let avatar: File | null = null
  for (const [key, raw] of Object.entries(form)) {
    const value = Array.isArray(raw) ? raw.at(-1) : raw
    if (key === 'avatar') {
      if (value instanceof File) avatar = value
      else if (value !== '') throw validationError([fieldError('avatar', 'must be a file')])
      continue
    }
    if (value instanceof File) throw validationError([fieldError(key, 'must be text, not a file')])
    const nested = ATTRIBUTE_FIELD.exec(key)
    if (nested) {
      const [, group, name] = nested as unknown as [string, string, string]
      attributes[group] = { ...attributes[group], [name]: value }
    } else if (key === 'additional_attributes' || key === 'custom_attributes') {
      body[key] = parseJsonObject(key, String(value))
    } else if (key === 'blocked') {
      body[key] = value === 'true' || value === '1'
    } else {
      body[key] = value
    }
  }
  for (const [key, group] of Object.entries(attributes)) {
    body[key] = { ...(body[key] as Record<string, unknown> | undefined), ...group }
  }
  return { body, avatar }
}

function parseJsonObject(field: string, text: string) {
  try {
    const value = JSON.parse(text) as unknown
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value
  } catch {}
  throw validationError([fieldError(field, 'must be a JSON object')])
}

type ValidatedRequest = { valid(target: 'json' | 'form'): unknown }

/** The create or update body, from JSON or multipart, with the avatar file when one came. */
export function readContactBody(
  c: Context<AppEnv>,
  req: ValidatedRequest,
  mode: 'create',
): { input: ContactCreateInput; avatar: File | null }
export function readContactBody(
  c: Context<AppEnv>,
  req: ValidatedRequest,
  mode: 'update',
): { input: ContactUpdateInput; avatar: File | null }
export function readContactBody(
  c: Context<AppEnv>,
  req: ValidatedRequest,
  mode: 'create' | 'update',
) {
  if (!isFormRequest(c)) return { input: req.valid('json'), avatar: null }
  const { body, avatar } = fromForm(req.valid('form') as Record<string, unknown>)
  const parsed = (mode === 'create' ? ContactCreateSchema : ContactUpdateSchema).safeParse(body)
  if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.error.issues))
  return { input: parsed.data, avatar }
}

/** The contact fields webhooks report in `changed_attributes`, under Chatwoot's names. */
export function trackedAttributes(c: Context<AppEnv>, row: ContactRow) {
  return {
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    identifier: row.identifier,
    blocked: row.blocked,
    thumbnail: avatarUrl(c.req.url, row.avatarKey),
    additional_attributes: row.additionalAttributes,
    custom_attributes: row.customAttributes,
  }
}
