import { randomInt } from 'node:crypto'
import { defineConfig, type ViteUserConfig } from 'vitest/config'
import base from '../vitest.config'

/**
 * `npm run fuzz`: the contract fuzzer alone, longer, with a random seed it prints. Replay a
 * failure with FUZZ_SEED=<seed> npm run fuzz; FUZZ_RUNS sets the runs per operation.
 */
const seed = Number(process.env.FUZZ_SEED ?? randomInt(2 ** 31))
const runs = Number(process.env.FUZZ_RUNS ?? 100)
console.log(`fuzz: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`)

export default defineConfig(async (env) => {
  const resolved = (await (base as (e: typeof env) => Promise<ViteUserConfig>)(
    env,
  )) as ViteUserConfig
  // Replaced rather than merged: merging would append to the base config's include list.
  return {
    ...resolved,
    test: {
      ...resolved.test,
      include: ['test/worker/fuzz/contract.test.ts'],
      provide: { fuzzSeed: seed, fuzzRuns: runs },
    },
  }
})
