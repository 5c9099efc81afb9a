import { locationOf } from '../conversation/visitor-info'
import type { Contact } from './types'

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null

/** "Lisbon, Portugal" from the contact's attributes, or null. */
export const locationOfContact = (contact: Contact) =>
  locationOf(contact.additional_attributes ?? {})

/** Chatwoot keeps the company as `company_name` (the list sorts by it). */
export const companyOf = (contact: Contact) =>
  text(contact.additional_attributes?.company_name) ?? text(contact.additional_attributes?.company)

let dateFormat: Intl.DateTimeFormat | undefined

/** A day, as the reader's locale writes it. */
export function dayOf(seconds: number): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
  return dateFormat.format(new Date(seconds * 1000))
}

/** An attribute value as short text (objects as JSON). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
