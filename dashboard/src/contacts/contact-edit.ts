import type { ApiClient } from '../api/client'
import type { components } from '../api/schema'
import { submit } from '../settings/shared/submit'
import type { Contact } from './types'

/** What the form needs of a definition (the list's and the schema's shapes differ elsewhere). */
type Definition = Pick<
  components['schemas']['CustomAttributeDefinition'],
  'attribute_key' | 'attribute_display_name' | 'attribute_display_type'
>
type AttributeValue = string | number | boolean

/** The edit form's draft: the contact's own fields and its custom attributes as typed. */
export interface ContactDraft {
  name: string
  email: string
  phone: string
  attributes: Record<string, string>
}

/** The custom attributes the form offers: the account's contact definitions, then any other key the contact carries. */
export function attributeKeys(contact: Contact, definitions: Definition[]) {
  const keys = definitions.map((definition) => ({
    key: definition.attribute_key,
    label: definition.attribute_display_name || definition.attribute_key,
    type: definition.attribute_display_type as string,
  }))
  for (const key of Object.keys(contact.custom_attributes ?? {})) {
    if (!keys.some((known) => known.key === key)) keys.push({ key, label: key, type: 'text' })
  }
  return keys
}

export function draftOf(contact: Contact): ContactDraft {
  const attributes: Record<string, string> = {}
  for (const [key, value] of Object.entries(contact.custom_attributes ?? {})) {
    attributes[key] = value === null || value === undefined ? '' : String(value)
  }
  return {
    name: contact.name ?? '',
    email: contact.email ?? '',
    phone: contact.phone_number ?? '',
    attributes,
  }
}

/** A typed value as the attribute's type wants it (the server names a wrong one in words). */
function attributeValue(type: string, text: string): AttributeValue {
  const trimmed = text.trim()
  if ((type === 'number' || type === 'currency' || type === 'percent') && trimmed !== '') {
    const number = Number(trimmed)
    return Number.isFinite(number) ? number : trimmed
  }
  if (type === 'checkbox') return trimmed === 'true'
  return trimmed
}

/**
 * The PUT body for what changed: every field the form shows (an empty email or phone clears it),
 * and the attributes given a value (stored ones are merged by the server).
 */
export function bodyOf(draft: ContactDraft, types: Record<string, string>) {
  const custom: Record<string, AttributeValue> = {}
  for (const [key, text] of Object.entries(draft.attributes)) {
    if (text.trim() !== '') custom[key] = attributeValue(types[key] ?? 'text', text)
  }
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    phone_number: draft.phone.trim(),
    custom_attributes: custom,
  }
}

export function saveContact(
  api: ApiClient,
  accountId: number,
  contactId: number,
  draft: ContactDraft,
  types: Record<string, string>,
) {
  return submit(
    api.PUT('/api/v1/accounts/{account_id}/contacts/{id}', {
      params: { path: { account_id: accountId, id: contactId } },
      body: bodyOf(draft, types),
    }),
  ).then((body) => body.payload)
}
