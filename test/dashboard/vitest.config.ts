import path from 'node:path'
import preact from '@preact/preset-vite'
import { defineConfig } from 'vitest/config'

const root = path.resolve(import.meta.dirname, '../..')

// The dashboard's component and store tests, in a DOM (happy-dom); the browser tests that drive
// it against a real worker are in test/e2e.
export default defineConfig({
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false })],
  test: {
    root,
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://localhost:8787/app/accounts/1/dashboard' } },
    include: ['test/dashboard/**/*.test.{ts,tsx}'],
    setupFiles: ['test/dashboard/setup.ts'],
    restoreMocks: true,
  },
})
