import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrateAll } from '../../scripts/db-migrate.mjs'
import { startLocalCron, TEST_SCHEDULED_FLAG } from '../../scripts/local-cron.mjs'
import { callOver, seedDemo } from '../../scripts/seed-demo.ts'
import { ensureChromium } from '../../scripts/setup.mjs'
import { startTwilioStandIn } from '../../scripts/twilio-stand-in.mjs'

/**
 * Before the browser tests: Chromium present, the widget built, `wrangler dev` running on a free
 * port with its own fresh local state and the demo pages on, the demo seeded through the API and
 * the website inbox asking for a name and an email before the chat starts.
 */

const root = path.resolve(import.meta.dirname, '../..')
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler')
// One state folder and log per run, so two runs on one machine never share a database.
const stateDir = path.join(root, '.wrangler', `e2e-state-${process.pid}`)
const logFile = path.join(root, '.wrangler', `e2e-wrangler-${process.pid}.log`)

function ensureWidgetBuilt() {
  const dist = path.join(root, 'widget', 'dist')
  // The API reference's assets (/docs) are copied in by the same build.
  // The dashboard (/app) is built last, into widget/dist/app.
  const built = ['widget.js', 'widget-app.js', 'reference/swagger-ui-bundle.js', 'app/index.html']
  if (built.every((file) => existsSync(path.join(dist, file)))) return
  console.log('[e2e] widget/dist is missing: running npm run build…')
  // Built as from a terminal: vitest's NODE_ENV=test would make a development build.
  const { NODE_ENV: _testMode, ...buildEnv } = process.env
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: buildEnv })
  if (build.status !== 0) throw new Error('npm run build failed')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function logTail() {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')
  } catch {
    return '(no log)'
  }
}

/** Stops wrangler and the workerd it started (its own process group). */
function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    child.kill('SIGTERM')
  }
}

async function startWorker(platformToken: string, twilioBase: string) {
  rmSync(stateDir, { recursive: true, force: true })
  mkdirSync(stateDir, { recursive: true })
  migrateAll({ persistTo: stateDir })

  const [port, inspectorPort] = [await freePort(), await freePort()]
  const log = openSync(logFile, 'w')
  const child = spawn(
    wrangler,
    [
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      stateDir,
      '--var',
      'DEMO_PAGES:1',
      '--var',
      `PLATFORM_API_TOKEN:${platformToken}`,
      '--var',
      'WEBHOOK_ALLOWED_HOSTS:127.0.0.1,localhost',
      // Mail to this domain reaches the email() handler (POST /cdn-cgi/handler/email).
      '--var',
      'INBOUND_EMAIL_DOMAIN:mail.parley.test',
      // Phone inboxes talk to the Twilio stand-in (scripts/twilio-stand-in.mjs), and Twilio's
      // signatures cover this origin (not a .dev.vars one from another local run).
      '--var',
      `TWILIO_API_BASE:${twilioBase}`,
      '--var',
      `PUBLIC_BASE_URL:http://127.0.0.1:${port}`,
      '--show-interactive-dev-session=false',
      TEST_SCHEDULED_FLAG,
    ],
    { cwd: root, stdio: ['ignore', log, log], detached: true },
  )
  closeSync(log)
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, child }
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  stop(child)
  throw new Error(`wrangler dev did not answer on ${base}/health. Its log:\n${logTail()}`)
}

export default async function setup(project: TestProject) {
  ensureChromium()
  ensureWidgetBuilt()
  const platformToken = randomBytes(24).toString('base64url')
  const twilio = await startTwilioStandIn({ quiet: true })
  twilio.server.unref()
  const { base, child } = await startWorker(platformToken, twilio.base)
  const cron = startLocalCron(base)
  try {
    const call = callOver(fetch, base)
    const demo = await seedDemo(call, { baseUrl: base, platformToken })
    const inboxPath = `/api/v1/accounts/${demo.account_id}/inboxes/${demo.website_inbox.id}`
    const updated = await call(inboxPath, {
      method: 'PATCH',
      token: demo.admin.access_token,
      body: {
        channel: {
          pre_chat_form_enabled: true,
          pre_chat_form_options: {
            pre_chat_message: 'Tell us who you are.',
            pre_chat_fields: [
              { name: 'fullName', label: 'Full name', type: 'text', required: true, enabled: true },
              {
                name: 'emailAddress',
                label: 'Email address',
                type: 'email',
                required: true,
                enabled: true,
              },
            ],
          },
        },
      },
    })
    if (updated.status !== 200 || updated.json.pre_chat_form_enabled !== true) {
      throw new Error(`enabling the pre-chat form failed: ${JSON.stringify(updated.json)}`)
    }
    project.provide('e2e', {
      baseUrl: base,
      accountId: demo.account_id,
      adminToken: demo.admin.access_token,
      agentToken: demo.agent.access_token,
      agentEmail: demo.agent.email,
      agentPassword: demo.agent.password,
      adminEmail: demo.admin.email,
      adminPassword: demo.admin.password,
      websiteInboxId: demo.website_inbox.id,
      websiteInboxIdentifier: demo.website_inbox.identifier,
      websiteInboxName: updated.json.name,
      twilioBase: twilio.base,
    })
  } catch (error) {
    cron.stop()
    stop(child)
    throw error
  }
  return () => {
    cron.stop()
    stop(child)
    rmSync(stateDir, { recursive: true, force: true })
  }
}
