import path from 'node:path'
import preact from '@preact/preset-vite'
import { defineConfig } from 'vitest/config'

const root = path.resolve(import.meta.dirname, '../..')

// A separate project from the worker tests: the widget needs a DOM, workerd has none. It also runs
// the tests of protocol/, the client code the widget shares with the dashboard.
export default defineConfig({
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false })],
  test: {
    root,
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: {
        url: 'https://shop.example.test/pricing',
        settings: {
          disableJavaScriptFileLoading: true,
          disableCSSFileLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
        },
      },
    },
    include: ['test/widget/**/*.test.{ts,tsx}', 'test/protocol/**/*.test.{ts,tsx}'],
    setupFiles: ['test/widget/setup.ts'],
    restoreMocks: true,
  },
})
