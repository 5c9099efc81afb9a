/**
 * What a visitor says about itself on the public client API without proving it. An email or
 * phone number no contact of the account has yet is the visitor's own; one another contact
 * holds (emails, phone numbers and identifiers are unique in an account) is only a claim, kept
 * in the contact's `additional_attributes` under CLAIMS_KEY for agents to see and, if they
 * judge so, to merge the two contacts. An identifier is the visitor's own only when proven
 * (identifier_hash): anything else would let a stranger take an identity before its owner.
 */
export const CLAIMS_KEY = 'unverified_claims'

/** The claimable fields, under the names of the contact JSON. */
export type Claims = { email?: string; phone_number?: string; identifier?: string }
type ClaimField = keyof Claims
const CLAIM_FIELDS = ['email', 'phone_number', 'identifier'] as const

/** The contact's columns the claims stand beside. */
export type ClaimedFields = {
  email: string | null
  phoneNumber: string | null
  identifier: string | null
  additionalAttributes: Record<string, unknown>
}

const COLUMN = { email: 'email', phone_number: 'phoneNumber', identifier: 'identifier' } as const

/** The claims stored in these attributes (anything malformed is ignored). */
export function claimsOf(attributes: Record<string, unknown>): Claims {
  const stored = attributes[CLAIMS_KEY]
  if (typeof stored !== 'object' || stored === null) return {}
  const claims: Claims = {}
  for (const field of CLAIM_FIELDS) {
    const value = (stored as Record<string, unknown>)[field]
    if (typeof value === 'string' && value) claims[field] = value
  }
  return claims
}

/** The attributes with these claims in place of the stored ones (no key when there are none). */
export function withClaims(attributes: Record<string, unknown>, claims: Claims) {
  const { [CLAIMS_KEY]: _, ...rest } = attributes
  return Object.keys(claims).length > 0 ? { ...rest, [CLAIMS_KEY]: claims } : rest
}

/** The claims a contact still needs: none for a value it now holds itself. */
export function settledClaims(contact: ClaimedFields, claims: Claims): Claims {
  const open: Claims = {}
  for (const field of CLAIM_FIELDS) {
    const value = claims[field]
    if (value && contact[COLUMN[field]] !== value) open[field] = value
  }
  return open
}

/** Whether one of these contacts (the others holding a requested value) has the value. */
export const takenAmong =
  (holders: Pick<ClaimedFields, 'email' | 'phoneNumber' | 'identifier'>[]) =>
  (field: ClaimField, value: string) =>
    holders.some((holder) => holder[COLUMN[field]] === value)

/** What a visitor asks to be, each value either the visitor's own or only claimed. */
export type Requested = { email?: string; phone_number?: string; identifier?: string }

/**
 * The contact values and attributes for what the visitor asks: a value another contact holds
 * (`taken`), and an identifier not `proven`, becomes a claim; any other value is set, and
 * replaces an earlier claim of its field.
 */
export function splitClaims(
  current: ClaimedFields,
  requested: Requested,
  taken: (field: ClaimField, value: string) => boolean,
  proven: boolean,
) {
  const values: { email?: string; phoneNumber?: string; identifier?: string } = {}
  const claims = claimsOf(current.additionalAttributes)
  for (const field of CLAIM_FIELDS) {
    const value = requested[field]
    if (value === undefined) continue
    if (current[COLUMN[field]] === value) delete claims[field]
    else if (taken(field, value) || (field === 'identifier' && !proven)) claims[field] = value
    else {
      values[COLUMN[field]] = value
      delete claims[field]
    }
  }
  return { values, additionalAttributes: withClaims(current.additionalAttributes, claims) }
}

/**
 * The contact as its visitor sees it on the public API: the values it claimed stand in for the
 * ones it does not hold, so an answer never tells whether another contact has them, and the
 * claims themselves are not repeated in its attributes.
 */
export function asVisitorSeesIt<T extends ClaimedFields>(contact: T): T {
  const claims = claimsOf(contact.additionalAttributes)
  if (!(CLAIMS_KEY in contact.additionalAttributes)) return contact
  return {
    ...contact,
    email: contact.email ?? claims.email ?? null,
    phoneNumber: contact.phoneNumber ?? claims.phone_number ?? null,
    identifier: contact.identifier ?? claims.identifier ?? null,
    additionalAttributes: withClaims(contact.additionalAttributes, {}),
  }
}
