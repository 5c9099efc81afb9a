import path from 'node:path'
import { defineConfig } from 'vitest/config'

const root = path.resolve(import.meta.dirname, '../..')

// The published Chatwoot SDK (axios) driven against `wrangler dev`: a Node project of its own.
export default defineConfig({
  test: {
    root,
    environment: 'node',
    include: ['test/compat/**/*.test.ts'],
    globalSetup: ['test/compat/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One server, one account: the files run one after another against it.
    fileParallelism: false,
  },
})
