// Addresses and Message-IDs as inbound mail carries them, in the one form the rest of Parley keys
// on: addresses lowercased, ids without their angle brackets.
import type { Address } from 'postal-mime'

export type MailAddress = { name: string; address: string }

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase()
}

/** Flattens postal-mime's addresses (groups included) and drops entries without an address. */
export function mailAddressesOf(
  addresses: readonly Address[] | Address | undefined,
): MailAddress[] {
  if (!addresses) return []
  const list = Array.isArray(addresses) ? addresses : [addresses]
  const out: MailAddress[] = []
  for (const entry of list) {
    if ('group' in entry && Array.isArray(entry.group)) {
      out.push(...mailAddressesOf(entry.group))
    } else if ('address' in entry && entry.address) {
      out.push({ name: (entry.name ?? '').trim(), address: normalizeAddress(entry.address) })
    }
  }
  return out
}

// `<id>` tokens; a header may also carry comments or, from broken clients, bare ids.
const BRACKETED_ID = /<([^<>\s]+)>/g

/**
 * Every id in a Message-ID, In-Reply-To or References value, without brackets or whitespace,
 * in order and without repeats. Folded headers and comments between ids are fine.
 */
export function messageIdsOf(value: string | undefined | null): string[] {
  if (!value) return []
  const bracketed = [...value.matchAll(BRACKETED_ID)].map((m) => m[1] as string)
  const ids =
    bracketed.length > 0 ? bracketed : value.split(/[\s,]+/).filter((id) => id.includes('@'))
  return [...new Set(ids)]
}

/** The first id of a Message-ID or In-Reply-To value, normalized, or null. */
export function messageIdOf(value: string | undefined | null): string | null {
  return messageIdsOf(value)[0] ?? null
}
