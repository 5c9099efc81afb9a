// Starts the benchmark's Worker (bench/worker: production's app plus /bench/baseline, the
// broadcast-only room and the x-d1-round-trips header) under `wrangler dev`, on its own port and
// its own local state.
import { execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { migrateAll } from '../scripts/db-migrate.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler')
const config = ['--config', path.join(root, 'bench', 'wrangler.toml')]
// BENCH_PORT also names the local state and the bundle: two benchmarks on two ports can run at once.
const instance = process.env.BENCH_PORT ? `-${process.env.BENCH_PORT}` : ''
export const persistDir = path.join(root, '.wrangler', `bench-state${instance}`)
const buildDir = path.join(root, '.wrangler', `bench-build${instance}`)
export const PLATFORM_TOKEN = 'bench-platform-token-000000000000000000000000'

/**
 * Runs SQL on the Worker's local databases: on the shard that holds `accountId` when given
 * (account data), else on the directory. Asynchronous on purpose: a call that blocked Node for
 * the seconds it takes would leave the connections `fetch` keeps alive to be closed by the server
 * unnoticed, and the next request on one would fail with "other side closed".
 */
export async function d1(sql, accountId) {
  const binding = accountId === undefined ? 'DIRECTORY' : await shardOf(accountId)
  return execute(binding, sql)
}

const shards = new Map()
async function shardOf(accountId) {
  if (!shards.has(accountId)) {
    const [result] = await execute(
      'DIRECTORY',
      `select shard from account_shards where account_id = ${Number(accountId)}`,
    )
    const row = result?.results?.[0]
    if (!row) throw new Error(`account ${accountId} is on no shard`)
    shards.set(accountId, `SHARD_${row.shard}`)
  }
  return shards.get(accountId)
}

async function execute(binding, sql) {
  try {
    const { stdout } = await promisify(execFile)(
      wrangler,
      [
        'd1',
        'execute',
        binding,
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
    return JSON.parse(stdout)
  } catch (error) {
    throw new Error(`d1 execute failed: ${error.stderr || error.stdout || error.message}`)
  }
}

export async function startWorker(port = Number(process.env.BENCH_PORT ?? 8799)) {
  // The Worker serves the widget's and the dashboard's built files: wrangler refuses a missing assets directory.
  const built = ['widget.js', 'app/index.html'].every((file) =>
    existsSync(path.join(root, 'widget', 'dist', file)),
  )
  if (!built) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('npm run build failed')
  }
  rmSync(persistDir, { recursive: true, force: true })
  // Bundled once and served without bundling: `wrangler dev` would otherwise rebuild and restart
  // the Worker mid-measurement whenever a source file changes (others edit the tree meanwhile).
  rmSync(buildDir, { recursive: true, force: true })
  const bundle = spawnSync(wrangler, ['deploy', ...config, '--dry-run', '--outdir', buildDir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })
  if (bundle.status !== 0) throw new Error(`bundling failed: ${bundle.stderr || bundle.stdout}`)
  migrateAll({ config: config[1], persistTo: persistDir })
  // BENCH_LOG_LEVEL=info shows the Worker's request log (wrangler writes it to stdout).
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'error'
  const child = spawn(
    wrangler,
    [
      'dev',
      path.join(buildDir, 'index.js'),
      '--no-bundle',
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
      logLevel,
    ],
    { cwd: root, stdio: ['ignore', logLevel === 'error' ? 'ignore' : 'inherit', 'inherit'] },
  )
  let exited = false
  child.on('exit', () => {
    exited = true
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240 && !exited; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) {
        return { base, stop: () => child.kill('SIGTERM'), cpuSeconds: () => workerdCpu(child.pid) }
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill('SIGTERM')
  throw new Error('the worker did not start')
}

/**
 * CPU seconds (user + system) the workerd processes under `pid` have used: what the Worker and
 * its local D1 cost, however busy the rest of the machine is. Linux only (/proc); 0 elsewhere.
 */
function workerdCpu(pid) {
  let stats
  try {
    stats = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((name) => {
        try {
          // Fields after the command's closing parenthesis: state ppid … utime stime (14, 15).
          const text = readFileSync(`/proc/${name}/stat`, 'utf8')
          const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'))
          const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
          return {
            pid: Number(name),
            comm,
            ppid: Number(fields[1]),
            ticks: +fields[11] + +fields[12],
          }
        } catch {
          return undefined
        }
      })
      .filter((stat) => stat !== undefined)
  } catch {
    return 0
  }
  const under = new Set([pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const stat of stats) {
      if (under.has(stat.ppid) && !under.has(stat.pid)) {
        under.add(stat.pid)
        grew = true
      }
    }
  }
  const ticks = stats
    .filter((stat) => under.has(stat.pid) && stat.comm === 'workerd')
    .reduce((sum, stat) => sum + stat.ticks, 0)
  return ticks / 100 // USER_HZ
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
