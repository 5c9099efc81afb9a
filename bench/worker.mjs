// Starts the benchmark's Worker (bench/worker: production's app plus /bench/baseline, the
// broadcast-only room and the x-d1-round-trips header) under `wrangler dev`, on its own port and
// its own local state.
import { spawn, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler')
const config = ['--config', path.join(root, 'bench', 'wrangler.toml')]
export const persistDir = path.join(root, '.wrangler', 'bench-state')
export const PLATFORM_TOKEN = 'bench-platform-token-000000000000000000000000'

export function d1(sql) {
  const result = spawnSync(
    wrangler,
    [
      'd1',
      'execute',
      'DB',
      ...config,
      '--local',
      '--persist-to',
      persistDir,
      '--command',
      sql,
      '--json',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (result.status !== 0) throw new Error(`d1 execute failed: ${result.stderr || result.stdout}`)
  return JSON.parse(result.stdout)
}

export async function startWorker(port = Number(process.env.BENCH_PORT ?? 8799)) {
  rmSync(persistDir, { recursive: true, force: true })
  const migrate = spawnSync(
    wrangler,
    ['d1', 'migrations', 'apply', 'DB', ...config, '--local', '--persist-to', persistDir],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  )
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}`)
  const child = spawn(
    wrangler,
    [
      'dev',
      ...config,
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persistDir,
      '--var',
      `PLATFORM_API_TOKEN:${PLATFORM_TOKEN}`,
      '--log-level',
      'error',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, stop: () => child.kill('SIGTERM') }
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill('SIGTERM')
  throw new Error('the worker did not start')
}

/** Calls the API; throws unless 200. */
export async function call(base, pathName, { token, body, method } = {}) {
  const res = await fetch(`${base}${pathName}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(token ? { api_access_token: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${method ?? 'GET'} ${pathName}: ${res.status} ${text}`)
  return { json: text ? JSON.parse(text) : null, headers: res.headers }
}
