import { inject } from 'vitest'

/** `npm test` replays this seed; `npm run fuzz` provides a random one (vitest.fuzz.config.ts). */
const FIXED_SEED = 20_261_121
/** Runs per operation under `npm test`: enough to reach every branch kind, quick on 2 cores. */
const BOUNDED_RUNS = 15

export function fuzzSettings() {
  const seed = inject('fuzzSeed')
  return {
    seed: seed ?? FIXED_SEED,
    runs: inject('fuzzRuns') ?? BOUNDED_RUNS,
    /** Long runs print what every operation answered, to show the runs reach the handlers. */
    verbose: seed !== undefined,
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    fuzzSeed?: number
    fuzzRuns?: number
  }
}
