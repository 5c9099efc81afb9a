import { beforeAll, describe, expect, it } from 'vitest'
import { fetchDocument, type Operation, operationsOf } from '../fuzz/operations'
import { ROUTE_IDS } from '../fuzz/route-ids'
import { type Side, seedSide } from '../fuzz/world'
import { BODILESS, send } from './body-requests'

let side: Side
let operations: Operation[]

beforeAll(async () => {
  side = await seedSide('a')
  operations = operationsOf(await fetchDocument())
}, 60_000)

/** The value of a path parameter: the seeded record ROUTE_IDS names, else the public keys. */
function valueFor(path: string, param: string): string {
  const entry = ROUTE_IDS[path]
  const kind = entry && !('skip' in entry) ? entry[param] : undefined
  if (kind === 'label_title') return side.labelTitle
  if (kind === 'inbox_identifier' || kind === 'contact_identifier') return side.keys[kind]
  if (kind) return String(side.ids[kind])
  if (param === 'inbox_identifier') return side.keys.inbox_identifier
  if (param === 'source_id') return side.keys.contact_identifier
  return '1'
}

const urlOf = (op: Operation) =>
  op.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(valueFor(op.path, param)))

function tokenFor(op: Operation) {
  if (op.path.startsWith('/platform/')) return side.platformApp.token
  if (op.path.startsWith('/api/')) return side.admin.token
  return undefined
}

// What removes the account or its users goes last, so every other route meets its records.
const removesOwner = (op: Operation) =>
  op.method === 'DELETE' && /^\/platform\/api\/v1\/(accounts|users)\/\{id\}$/.test(op.path)
const order = (op: Operation) => (op.method === 'DELETE' ? 1 : 0) + (removesOwner(op) ? 1 : 0)

describe('every route of /openapi.json, called without a body', () => {
  it('never answers 5xx or 415, with no content type or an empty form', async () => {
    const sweep = BODILESS.filter((how) => !how.contentType || how.contentType.includes('form'))
    const byOrder = [...operations].sort((a, b) => order(a) - order(b))
    const answers: string[] = []
    for (const op of byOrder) {
      for (const how of sweep) {
        const res = await send(op.method, urlOf(op), tokenFor(op), how)
        answers.push(`${op.key} with ${how.name}: ${res.status}`)
      }
    }
    expect(byOrder.filter((op) => op.method !== 'GET').length).toBeGreaterThan(80)
    expect(answers.filter((line) => / (5\d\d|415)$/.test(line))).toEqual([])
  }, 120_000)
})
