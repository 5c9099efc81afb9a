import path from 'node:path'
import { defineConfig } from 'vitest/config'

const root = path.resolve(import.meta.dirname, '../..')

// Browser tests against `wrangler dev` (started once by global-setup.ts): one file at a time,
// since they share one worker and the machine's cores.
export default defineConfig({
  test: {
    root,
    environment: 'node',
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Starting wrangler dev (and, on a bare machine, installing Chromium) takes a while.
    teardownTimeout: 30_000,
  },
})
