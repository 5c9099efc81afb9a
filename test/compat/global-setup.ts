import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrateAll } from '../../scripts/db-migrate.mjs'
import { startLocalCron, TEST_SCHEDULED_FLAG } from '../../scripts/local-cron.mjs'
import type { CompatWorld } from './world'

/**
 * Starts the real worker under `wrangler dev` (Node side: the SDK's axios cannot run in workerd),
 * on a free loopback port with its own local state, and seeds an account with an administrator,
 * an agent, an API inbox and a website inbox. The server is stopped on teardown.
 */
const root = path.resolve(import.meta.dirname, '../..')
const bin = path.join(root, 'node_modules', '.bin')
const persistDir = path.join(root, '.wrangler', 'compat-state')
const PLATFORM_TOKEN = 'compat-platform-token-0123456789abcdef01234567'
// wrangler needs the project's Node 22 (node_modules/.bin/node), whatever node runs vitest.
const childEnv = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, CI: 'true' }

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

async function call(base: string, pathname: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      api_access_token: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`seed ${pathname}: ${res.status} ${text}`)
  return JSON.parse(text)
}

async function seed(
  base: string,
): Promise<Omit<CompatWorld, 'base' | 'platformToken' | 'persistDir'>> {
  const account = await call(base, '/platform/api/v1/accounts', PLATFORM_TOKEN, {
    name: 'Compat Co',
  })
  const user = async (name: string, role: 'administrator' | 'agent') => {
    const created = await call(base, '/platform/api/v1/users', PLATFORM_TOKEN, {
      name,
      email: `${role}-${Date.now()}@compat.example.com`,
    })
    await call(base, `/platform/api/v1/accounts/${account.id}/account_users`, PLATFORM_TOKEN, {
      user_id: created.id,
      role,
    })
    return { id: created.id as number, token: created.access_token as string, name }
  }
  const admin = await user('Compat Admin', 'administrator')
  const agent = await user('Compat Agent', 'agent')
  const inbox = await call(base, `/api/v1/accounts/${account.id}/inboxes`, admin.token, {
    name: 'Compat API inbox',
    channel: { type: 'api' },
  })
  const website = await call(base, `/api/v1/accounts/${account.id}/inboxes`, admin.token, {
    name: 'Compat website',
    channel: { type: 'web_widget', website_url: 'https://compat.example.com' },
  })
  return { accountId: account.id, admin, agent, inboxId: inbox.id, websiteInboxId: website.id }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  // wrangler runs workerd as its own child: signal the process group this setup started.
  process.kill(-child.pid, 'SIGTERM')
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

export default async function setup(project: TestProject) {
  // The worker serves the widget's and the dashboard's builds (the dashboard's is the newer).
  if (!existsSync(path.join(root, 'widget', 'dist', 'app', 'index.html'))) {
    console.log('[compat] widget/dist/app is missing: running npm run build…')
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('npm run build failed')
  }
  rmSync(persistDir, { recursive: true, force: true })
  migrateAll({ persistTo: persistDir, env: childEnv })

  const [port, inspectorPort] = [await freePort(), await freePort()]
  const child = spawn(
    path.join(bin, 'wrangler'),
    [
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      persistDir,
      '--var',
      `PLATFORM_API_TOKEN:${PLATFORM_TOKEN}`,
      '--var',
      'WEBHOOK_ALLOWED_HOSTS:127.0.0.1,localhost',
      '--show-interactive-dev-session=false',
      '--log-level',
      'error',
      TEST_SCHEDULED_FLAG,
    ],
    { cwd: root, env: childEnv, detached: true, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const base = `http://127.0.0.1:${port}`
  let up = false
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) {
        up = true
        break
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  if (!up) {
    await stop(child)
    throw new Error('wrangler dev did not answer /health')
  }
  const cron = startLocalCron(base)
  try {
    project.provide('compat', {
      base,
      platformToken: PLATFORM_TOKEN,
      persistDir,
      ...(await seed(base)),
    })
  } catch (error) {
    cron.stop()
    await stop(child)
    throw error
  }
  return async () => {
    cron.stop()
    await stop(child)
  }
}
