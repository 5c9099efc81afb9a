import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARD_ID_SPAN } from '../../../worker/db/queries/sequences'
import { fuzzSettings } from './context'
import { CredentialPool } from './credentials'
import { RequestGenerator, type RequestPlan } from './generate'
import { isRespelledNumber } from './hostile'
import { contractProblems, leakedMarkers } from './judge'
import { fetchDocument, kindOf, type Operation, operationsOf } from './operations'
import { repairWorld } from './repair'
import { changedCounts, countsOf } from './row-counts'
import { send } from './send'
import { type FuzzWorld, seedWorld } from './world'

/**
 * Every operation of /openapi.json, fed generated valid and invalid requests under valid,
 * foreign, wrong and missing credentials. `npm test` replays a fixed seed with a few runs per
 * operation; `npm run fuzz` (vitest.fuzz.config.ts) picks a random seed, prints it, and runs
 * many more. Replay a failure with FUZZ_SEED=<seed> npm run fuzz.
 */
const { seed: SEED, runs: RUNS, verbose: VERBOSE } = fuzzSettings()

const doc = await fetchDocument()
const operations = operationsOf(doc)

let world: FuzzWorld
let pool: CredentialPool
let generator: RequestGenerator

beforeAll(async () => {
  world = await seedWorld()
  pool = new CredentialPool(world)
  generator = new RequestGenerator(doc, world)
}, 60_000)

/** Answers by operation and status, to show the runs reach the handlers. */
const tally = new Map<string, Map<number, number>>()
function count(op: Operation, status: number) {
  const byStatus = tally.get(op.key) ?? new Map<number, number>()
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  tally.set(op.key, byStatus)
}

afterAll(() => {
  const lines = [...tally].map(
    ([key, byStatus]) =>
      `${key}: ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
  )
  const all = [...tally.values()].flatMap((m) => [...m])
  const total = all.reduce((sum, [, n]) => sum + n, 0)
  const ok = all.filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0)
  const details = VERBOSE ? `\n${lines.join('\n')}` : ''
  console.log(`contract fuzzing: ${total} requests, ${ok} succeeded${details}`)
})

/** Each operation has its own stream of cases, so adding an operation changes no other's. */
function seedOf(key: string) {
  let hash = SEED | 0
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return hash
}

/**
 * Whose data the request may see: the credential's side on authenticated operations; on the
 * public API, the side whose inbox identifier the path names (it is the capability there).
 */
function entitlement(op: Operation, plan: RequestPlan) {
  if (op.authenticated) return pool.entitledSide(plan.credential)
  const values = Object.values(plan.params)
  return (
    [world.a, world.b].find((side) => values.includes(side.keys.inbox_identifier))?.name ?? null
  )
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text)

/** The path and query ids of the plan that read as numbers but are not canonical decimal. */
function respelledIds(op: Operation, plan: RequestPlan) {
  const pathIds = Object.entries(plan.params).filter(([name]) => kindOf(name, op.path))
  const queryIds = plan.query.filter(([name]) => kindOf(name.replace(/\[\]$/, '')))
  return [...pathIds, ...queryIds]
    .filter(([, value]) => isRespelledNumber(value))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
}

async function check(op: Operation, plan: RequestPlan) {
  const entitled = entitlement(op, plan)
  const foreign = [world.a, world.b].filter((side) => side.name !== entitled)
  const foreignIds = foreign.map((side) => side.accountId)
  const before = await countsOf(foreignIds)
  const token = await pool.token(plan.credential)
  const { sent, received } = await send(op, plan, token)
  count(op, received.status)
  const after = await countsOf(foreignIds)
  const problems = contractProblems(op, received)

  // The credential's user may since have been added to the other account (by a platform app
  // that owns it): then that account's data is its to see and change.
  const joined = () => pool.joinedOtherSide(plan.credential)
  const leaked = leakedMarkers(foreign, sent, received)
  if (leaked.length > 0 && !(await joined())) {
    problems.push(`leaked another account's data (${leaked.slice(0, 3)})`)
  }
  const crossWrites = foreign.flatMap((side, i) =>
    changedCounts(before.accounts[i] ?? {}, after.accounts[i] ?? {}).map(
      (change) => `${side.name}.${change}`,
    ),
  )
  if (crossWrites.length > 0 && !(await joined())) {
    problems.push(`changed another account's records: ${crossWrites}`)
  }
  const respelled = respelledIds(op, plan)
  if (respelled.length > 0 && received.status < 400) {
    problems.push(`answered ${received.status} to ids not spelled canonically: ${respelled}`)
  }
  if (received.status >= 400 && received.status < 500) {
    const changed = changedCounts(before.all, after.all)
    if (changed.length > 0) problems.push(`a refused request changed rows: ${changed}`)
  }
  if (problems.length > 0) {
    throw new Error(
      `${sent.method} ${clip(sent.url)} as ${plan.credential} → ${received.status}\n` +
        `body: ${clip(sent.bodyText)}\nanswer: ${clip(received.text)}\n` +
        problems.join('\n'),
    )
  }
}

describe('contract fuzzing from /openapi.json', () => {
  it('seeds both accounts on one shard, so a foreign id names a row its query could reach', () => {
    // An id made on shard k lies in [k·2^40, (k+1)·2^40): on two shards, another account's ids
    // would miss for want of rows, whatever the queries' account conditions.
    const shardOf = (id: number) => Math.floor(id / SHARD_ID_SPAN)
    expect(shardOf(world.a.ids.contact)).toBe(shardOf(world.b.ids.contact))
  })

  it('finds operations to fuzz in the document', () => {
    console.log(`contract fuzzing: seed ${SEED}, ${RUNS} runs per operation`)
    expect(operations.length).toBeGreaterThan(50)
  })

  // No operation is skipped. The WebSocket ones (`/live`, 101 to an upgrade) are sent without
  // an Upgrade header, which fetch cannot complete into a socket here: they are fuzzed on what
  // they answer everything else (401, 403, 404, 422, 426). `/files/…` is fuzzed like the rest.
  for (const op of operations) {
    it(
      `${op.key} keeps its contract for generated requests`,
      async () => {
        await repairWorld(pool, world)
        const details = await fc.check(
          fc.asyncProperty(generator.plan(op), (plan) => check(op, plan)),
          { seed: seedOf(op.key), numRuns: RUNS, endOnFailure: true },
        )
        // fast-check's own report prints the whole counterexample, megabytes of it for long strings.
        if (details.failed) {
          const cause = details.errorInstance instanceof Error ? details.errorInstance.message : ''
          throw new Error(`failed after ${details.numRuns} runs (base seed ${SEED}):\n${cause}`)
        }
      },
      120_000 + RUNS * 3_000,
    )
  }
})
