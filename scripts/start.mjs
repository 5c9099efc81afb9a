// `npm start`: install what is missing, prepare local state, serve Parley on http://localhost:8787
// and seed the demo through the API. Written for Node 20 too, because on a fresh clone the Node 22
// that wrangler needs only arrives with `npm install`. Quiet by default: the sign-ins print last
// and stay in view; `npm start -- --verbose` shows the build, request and cron logs.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_FILE, demoBanner } from './demo-banner.mjs'
import { startLocalCron, TEST_SCHEDULED_FLAG } from './local-cron.mjs'
import { bin, ensureDependencies, root } from './setup.mjs'

const verbose = process.argv.includes('--verbose')

/** Runs a step; quiet unless it fails (then its output is shown) or --verbose is on. */
const run = (label, cmd, args) => {
  if (!verbose) console.log(label)
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: verbose ? 'inherit' : 'pipe',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status === 0) return
  if (!verbose) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
  process.exit(result.status ?? 1)
}

try {
  ensureDependencies()
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

// Re-run under the project's Node 22 when started by an older one.
if (Number(process.versions.node.split('.')[0]) < 22) {
  const child = spawnSync(bin('node'), [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}:${process.env.PATH}` },
  })
  process.exit(child.status ?? 1)
}

const port = Number(process.env.PORT ?? 8787)
const baseUrl = `http://localhost:${port}`
const devVars = path.join(root, '.dev.vars')
if (!existsSync(devVars)) {
  writeFileSync(devVars, `PLATFORM_API_TOKEN=${randomBytes(32).toString('base64url')}\n`)
  console.log('Created .dev.vars with a new PLATFORM_API_TOKEN')
}
// Local settings npm start relies on; added to an older .dev.vars that lacks them.
const localDefaults = {
  WEBHOOK_ALLOWED_HOSTS: 'localhost,127.0.0.1',
  PUBLIC_BASE_URL: `http://localhost:${port}`,
  DEMO_PAGES: '1',
  // Mail to <inbox>@mail.parley.localhost reaches the email() handler (POST /cdn-cgi/handler/email).
  INBOUND_EMAIL_DOMAIN: 'mail.parley.localhost',
}
const existing = readFileSync(devVars, 'utf8')
const missing = Object.entries(localDefaults).filter(([key]) => !existing.includes(`${key}=`))
if (missing.length > 0) {
  appendFileSync(
    devVars,
    `${existing.endsWith('\n') ? '' : '\n'}${missing.map(([k, v]) => `${k}=${v}`).join('\n')}\n`,
  )
}
const vars = Object.fromEntries(
  readFileSync(devVars, 'utf8')
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [
      line.slice(0, line.indexOf('=')).trim(),
      line.slice(line.indexOf('=') + 1).trim(),
    ]),
)

// The widget, the API reference and the dashboard (/app), all served from widget/dist.
if (existsSync(path.join(root, 'widget', 'vite.config.ts'))) {
  run('Building the widget and the dashboard…', 'npm', ['run', 'build'])
}
run('Migrating the local databases…', bin('node'), [
  path.join(root, 'scripts', 'db-migrate.mjs'),
  '--local',
])

/**
 * Whether wrangler can fetch the `Request.cf` object. Offline it would print a stack trace per
 * lookup; then its placeholder is used without one (miniflare's CLOUDFLARE_CF_FETCH_ENABLED).
 */
async function cfReachable() {
  try {
    await Promise.race([
      lookup('workers.cloudflare.com'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ])
    return true
  } catch {
    return false
  }
}
const serverEnv = { ...process.env }
if (!(await cfReachable())) {
  console.log('Offline: Request.cf is a placeholder (workers.cloudflare.com is unreachable).')
  serverEnv.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
}

// --test-scheduled plus the ticker below run wrangler.toml's crons, which `wrangler dev` never
// fires. Request and cron lines are info logs, shown only with --verbose; warnings and the
// worker's errors still print.
if (!verbose) console.log('Starting the worker…')
const server = spawn(
  bin('wrangler'),
  [
    'dev',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    TEST_SCHEDULED_FLAG,
    ...(verbose ? [] : ['--log-level', 'warn']),
    // Phone inboxes talk to Twilio at TWILIO_API_BASE: a local stand-in's when it is set here
    // (`TWILIO_API_BASE=http://127.0.0.1:4010 npm start`, scripts/twilio-stand-in.mjs).
    ...(process.env.TWILIO_API_BASE
      ? ['--var', `TWILIO_API_BASE:${process.env.TWILIO_API_BASE}`]
      : []),
  ],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: serverEnv },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${baseUrl}/health`)
      if (res.ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`Parley did not answer on ${baseUrl} within two minutes`)
}

try {
  await waitForServer()
  startLocalCron(baseUrl)
  const { seedDemo, callOver } = await import('./seed-demo.ts')
  const previous = existsSync(DEMO_FILE) ? JSON.parse(readFileSync(DEMO_FILE, 'utf8')) : null
  const demo = await seedDemo(callOver(fetch, baseUrl), {
    baseUrl,
    platformToken: vars.PLATFORM_API_TOKEN,
    previous,
  })
  mkdirSync(path.dirname(DEMO_FILE), { recursive: true })
  writeFileSync(DEMO_FILE, `${JSON.stringify(demo, null, 2)}\n`)
  console.log(demoBanner(demo, baseUrl))
} catch (error) {
  console.error(error)
  server.kill('SIGTERM')
  process.exit(1)
}
