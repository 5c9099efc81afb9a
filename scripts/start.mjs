// `npm start`: install what is missing, prepare local state, serve Parley on http://localhost:8787
// and seed the demo through the API. Written for Node 20 too, because on a fresh clone the Node 22
// that wrangler needs only arrives with `npm install`.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startLocalCron, TEST_SCHEDULED_FLAG } from './local-cron.mjs'
import { bin, ensureDependencies, root } from './setup.mjs'

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

try {
  ensureDependencies()
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

// Re-run under the project's Node 22 when started by an older one.
if (Number(process.versions.node.split('.')[0]) < 22) {
  const child = spawnSync(bin('node'), [fileURLToPath(import.meta.url)], {
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
if (existsSync(path.join(root, 'widget', 'vite.config.ts'))) run('npm', ['run', 'build'])
run(bin('node'), [path.join(root, 'scripts', 'db-migrate.mjs'), '--local'])

// --test-scheduled plus the ticker below run wrangler.toml's crons, which `wrangler dev` never fires.
const server = spawn(
  bin('wrangler'),
  ['dev', '--port', String(port), '--ip', '127.0.0.1', TEST_SCHEDULED_FLAG],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
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
  const demoFile = path.join(root, '.parley', 'demo.json')
  const previous = existsSync(demoFile) ? JSON.parse(readFileSync(demoFile, 'utf8')) : null
  const demo = await seedDemo(callOver(fetch, baseUrl), {
    baseUrl,
    platformToken: vars.PLATFORM_API_TOKEN,
    previous,
  })
  mkdirSync(path.dirname(demoFile), { recursive: true })
  writeFileSync(demoFile, `${JSON.stringify(demo, null, 2)}\n`)
  console.log(`
  Parley is running on ${baseUrl}

  Demo page (widget)   ${baseUrl}/
  Agent inbox          ${demo.dashboard_url}   (sign in as the agent or administrator below)
  API reference        ${baseUrl}/docs   (OpenAPI: ${baseUrl}/openapi.json)

  Platform token       ${demo.platform_token}
  Account id           ${demo.account_id}
  Administrator        ${demo.admin.email}  password ${demo.admin.password}  token ${demo.admin.access_token}
  Agent                ${demo.agent.email}  password ${demo.agent.password}  token ${demo.agent.access_token}
  Website inbox        id ${demo.website_inbox.id}  identifier ${demo.website_inbox.identifier}
  API inbox            id ${demo.api_inbox.id}  identifier ${demo.api_inbox.identifier}
  Email inbox          id ${demo.email_inbox.id}  forwarding address ${demo.email_inbox.forward_to_email}

  Saved to .parley/demo.json. Stop with Ctrl+C.
`)
} catch (error) {
  console.error(error)
  server.kill('SIGTERM')
  process.exit(1)
}
