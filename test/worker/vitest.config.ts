import path from 'node:path'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { startTwilioStandIn } from '../../scripts/twilio-stand-in.mjs'

const root = path.resolve(import.meta.dirname, '../..')

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, 'migrations'))
  // Twilio's API for the phone inboxes' sends: a stand-in on loopback for the whole run (its
  // port must be known here, for the binding), scripted and read per AccountSid by the tests.
  const twilio = await startTwilioStandIn({ quiet: true })
  twilio.server.unref()
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, 'wrangler.toml') },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            PLATFORM_API_TOKEN: 'test-platform-token-0123456789abcdef0123456789',
            WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost',
            // Receivers in tests that hang are given up on sooner than production's 15 s, yet late
            // enough that a prompt receiver on a loaded 2-core machine still answers in time.
            WEBHOOK_TIMEOUT_MS: '5000',
            // Mail to this domain reaches the email() handler (worker/email/reply-address.ts).
            INBOUND_EMAIL_DOMAIN: 'mail.parley.test',
            TWILIO_API_BASE: twilio.base,
            // A VAPID pair made for the tests only: Web Push is signed with it (notifications/push).
            VAPID_PUBLIC_KEY:
              'BJjwNqRw8cuxxJRrGU1RGy0iWS3D85N6iPlFVaJ3xYLhfVrN4_VujLVzO0cGZrzcLGRH-Vf9DNggkbozyBeGPdw',
            VAPID_PRIVATE_KEY: 'sOO25anQldQFtSi3sMcaMfLjGPZYvYSxDXKYnXPSCbo',
          },
        },
      }),
    ],
    test: {
      include: ['test/worker/**/*.test.ts'],
      setupFiles: ['test/worker/setup.ts'],
      // A test's own work, not a performance bound: on a loaded 2-core machine a test that takes
      // 2 s alone can take 6, and the default 5 s cut such runs short.
      testTimeout: 20_000,
      // Two test files at a time, each in its own workerd with its own storage. Vitest's default
      // on a 2-core machine is one, and a file spends much of its time waiting (workerd start-up,
      // queues, sockets, the loopback receivers): measured on ten files on an idle 2-core machine,
      // 67.5 s with one worker and 45.2 s with two, for the same CPU time. Receiver endpoint names
      // are unique per test, so files running side by side never share one.
      maxWorkers: 2,
      globalSetup: ['test/worker/global-setup.ts'],
      // Every refused request logs one info line with its request id; tests refuse thousands.
      onConsoleLog: (log: string) => !log.startsWith('{"level":"info"'),
      root,
    },
  }
})
