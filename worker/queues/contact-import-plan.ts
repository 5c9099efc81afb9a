import type { ContactValues } from '../contacts/contact-csv'
import type { ContactWrite, ExistingContact } from '../db/queries/contact-imports'

/**
 * Which contact each row of a batch becomes. A row matches the contact holding its identifier,
 * else its email, else its phone number (Chatwoot's order), among the account's contacts and
 * the rows before it in the file, and updates that contact instead of adding another. A row
 * whose other values belong to a different contact fails alone: applying it would break the
 * account's uniqueness of email, phone number and identifier.
 */

export type PlannedRow = { line: number; raw: string; values: ContactValues }

export type ChunkPlan = {
  inserts: ContactWrite[]
  updates: ContactWrite[]
  failures: [line: number, reason: string, raw: string][]
  applied: number
}

type Target = { existing: number } | { slot: number }

const keysOf = (v: ContactValues) =>
  [
    v.identifier === null ? null : (['identifier', `i:${v.identifier}`] as const),
    v.email === null ? null : (['email', `e:${v.email}`] as const),
    v.phoneNumber === null ? null : (['phone_number', `p:${v.phoneNumber}`] as const),
  ].filter((k) => k !== null)

const sameTarget = (a: Target, b: Target) =>
  'existing' in a ? 'existing' in b && a.existing === b.existing : 'slot' in b && a.slot === b.slot

/** Later rows' values win; empty cells leave what is there; custom attributes merge. */
function merge(into: ContactWrite, v: ContactValues) {
  into.name = v.name ?? into.name
  into.email = v.email ?? into.email
  into.phone = v.phoneNumber ?? into.phone
  into.identifier = v.identifier ?? into.identifier
  Object.assign(into.custom, v.custom)
}

/** The lookup keys a batch needs: every email, phone number and identifier in its rows. */
export function lookupKeys(rows: PlannedRow[]) {
  const emails = new Set<string>()
  const phoneNumbers = new Set<string>()
  const identifiers = new Set<string>()
  for (const { values } of rows) {
    if (values.email !== null) emails.add(values.email)
    if (values.phoneNumber !== null) phoneNumbers.add(values.phoneNumber)
    if (values.identifier !== null) identifiers.add(values.identifier)
  }
  return { emails: [...emails], phoneNumbers: [...phoneNumbers], identifiers: [...identifiers] }
}

export function planChunk(rows: PlannedRow[], existing: ExistingContact[]): ChunkPlan {
  // Keys are never released within a batch: a contact whose email a row changes still owns the
  // old one here, so no later row in the batch can take it and clash in the unique index.
  const owners = new Map<string, Target>()
  for (const c of existing) {
    if (c.identifier !== null) owners.set(`i:${c.identifier}`, { existing: c.id })
    if (c.email !== null) owners.set(`e:${c.email}`, { existing: c.id })
    if (c.phoneNumber !== null) owners.set(`p:${c.phoneNumber}`, { existing: c.id })
  }
  const plan: ChunkPlan = { inserts: [], updates: [], failures: [], applied: 0 }
  const updates = new Map<number, ContactWrite>()
  for (const row of rows) {
    const keys = keysOf(row.values)
    const matched = keys.map(([field, key]) => [field, owners.get(key)] as const)
    const target = matched.find(([, t]) => t !== undefined)?.[1]
    const clash = target && matched.find(([, t]) => t !== undefined && !sameTarget(t, target))
    if (clash) {
      plan.failures.push([row.line, `${clash[0]} belongs to another contact`, row.raw])
      continue
    }
    const blank = (): ContactWrite => ({
      name: null,
      email: null,
      phone: null,
      identifier: null,
      custom: {},
    })
    let chosen: Target
    if (!target) {
      chosen = { slot: plan.inserts.length }
      plan.inserts.push(blank())
    } else chosen = target
    let write: ContactWrite
    if ('existing' in chosen) {
      write = updates.get(chosen.existing) ?? { ...blank(), id: chosen.existing }
      updates.set(chosen.existing, write)
    } else write = plan.inserts[chosen.slot] as ContactWrite
    merge(write, row.values)
    for (const [, key] of keys) owners.set(key, chosen)
    plan.applied++
  }
  plan.updates = [...updates.values()]
  return plan
}
