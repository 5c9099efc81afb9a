import { type ApiClient, unwrap } from '../api/client'
import type { Contact } from './types'

/**
 * What a visitor said it was without proving it, where another contact already had it: the
 * public API keeps it on the visitor's own contact (additional_attributes.unverified_claims)
 * and links nothing, so agents decide whether the two are one person.
 */
export type Claims = { email?: string; phone_number?: string; identifier?: string }

const CLAIM_FIELDS = ['email', 'phone_number', 'identifier'] as const

export function claimsOf(contact: Contact): Claims {
  const stored = contact.additional_attributes?.unverified_claims
  if (typeof stored !== 'object' || stored === null) return {}
  const claims: Claims = {}
  for (const field of CLAIM_FIELDS) {
    const value = (stored as Record<string, unknown>)[field]
    if (typeof value === 'string' && value) claims[field] = value
  }
  return claims
}

/**
 * The other contacts with the same email, phone number or identifier, held or only claimed by
 * either (the API's Parley addition GET /contacts/{id}/duplicates: only those the agent may see).
 */
export async function findPossibleDuplicates(
  api: ApiClient,
  accountId: number,
  contact: Contact,
): Promise<Contact[]> {
  const body = await unwrap(
    api.GET('/api/v1/accounts/{account_id}/contacts/{id}/duplicates', {
      params: { path: { account_id: accountId, id: contact.id } },
    }),
  )
  return body.payload
}

/**
 * Which of the two a merge keeps: the one holding what the other only claimed (the visitor's
 * word is the weaker record), else the contact being looked at.
 */
export function keptOf(contact: Contact, other: Contact): { base: Contact; mergee: Contact } {
  const claims = claimsOf(contact)
  const otherHolds = CLAIM_FIELDS.some((field) => {
    const claimed = claims[field]
    const held = other[field]
    return Boolean(claimed && held && claimed.toLowerCase() === held.toLowerCase())
  })
  return otherHolds ? { base: other, mergee: contact } : { base: contact, mergee: other }
}

/** Merges `mergee` into `base` (the mergee is deleted); answers the merged contact. */
export function mergeContacts(api: ApiClient, accountId: number, base: number, mergee: number) {
  return unwrap(
    api.POST('/api/v1/accounts/{account_id}/actions/contact_merge', {
      params: { path: { account_id: accountId } },
      body: { base_contact_id: base, mergee_contact_id: mergee },
    }),
  )
}
