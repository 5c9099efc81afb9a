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
 * The other contacts holding an email, phone number or identifier this contact claims, found
 * with the contacts search (only those the agent may see), each once.
 */
export async function findPossibleDuplicates(
  api: ApiClient,
  accountId: number,
  contact: Contact,
): Promise<Contact[]> {
  const claims = claimsOf(contact)
  const found = new Map<number, Contact>()
  for (const field of CLAIM_FIELDS) {
    const value = claims[field]
    if (!value) continue
    const body = await unwrap(
      api.GET('/api/v1/accounts/{account_id}/contacts/search', {
        params: {
          path: { account_id: accountId },
          query: { q: value, include_contact_inboxes: 'false' },
        },
      }),
    )
    for (const other of body.payload) {
      if (other.id !== contact.id && other[field] === value) found.set(other.id, other)
    }
  }
  return [...found.values()]
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
