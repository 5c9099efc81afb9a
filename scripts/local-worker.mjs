// Parley under `wrangler dev` as `npm start` runs it (`--test-scheduled`, the local cron ticker),
// on a free loopback port with its own local state, for the crash-recovery test and the chaos and
// load scripts. It can be killed outright (SIGKILL to the whole process group, workerd included)
// and started again on the same state, which is what a crash does to the local queues: their
// messages live in the runtime's memory and are gone. Plain ESM (Node 22), importable from tests.
import { execFile, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { migrateAll } from './db-migrate.mjs'
import { startLocalCron, TEST_SCHEDULED_FLAG } from './local-cron.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler')
// wrangler needs the project's Node 22 (node_modules/.bin/node), whatever node runs the caller.
const childEnv = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
  CI: 'true',
  WRANGLER_SEND_METRICS: 'false',
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Copies what `wrangler dev` builds from (the Worker's sources, its config and migrations; the
 * widget's built files are linked) into `dir`, and returns the copy's config. `wrangler dev`
 * rebuilds and restarts the Worker whenever a source changes, which would drop the local queues'
 * messages mid-run while others edit the tree; the copy stays as it was when the run began.
 * (`wrangler dev --no-bundle` on a prebuilt bundle would not do: `--test-scheduled` is a
 * middleware wrangler adds while bundling.)
 */
function snapshotSources(dir) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(path.join(dir, 'widget'), { recursive: true })
  // protocol: the code the worker shares with the widget and the dashboard (frames, colours, a
  // browser parser).
  const items = ['worker', 'migrations', 'wrangler.toml', 'tsconfig.json', 'protocol']
  for (const item of items) {
    cpSync(path.join(root, item), path.join(dir, item), { recursive: true })
  }
  symlinkSync(path.join(root, 'widget', 'dist'), path.join(dir, 'widget', 'dist'))
  return path.join(dir, 'wrangler.toml')
}

/** Resident memory (bytes) of the workerd processes in a process group, read from /proc. */
export function groupRss(pgid) {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces) start at its closing parenthesis.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) !== pgid || name !== 'workerd') continue
      const rss = readFileSync(`/proc/${entry}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
      total += rss ? Number(rss[1]) * 1024 : 0
    } catch {
      // The process ended while being read.
    }
  }
  return total
}

/**
 * Starts Parley on `name`'s own state (`.wrangler/<name>-state`, wiped first), with `vars` passed
 * as `--var`. Returns the running worker: `kill()` is a crash, `restart()` starts it again on the
 * same state and port, `stop()` ends it. `cron: true` runs the minute ticker `npm start` runs.
 */
export async function startLocalWorker({ name, vars = {}, cron = true, logLevel = 'error' }) {
  const persistDir = path.join(root, '.wrangler', `${name}-state`)
  rmSync(persistDir, { recursive: true, force: true })
  const config = snapshotSources(path.join(root, '.wrangler', `${name}-src`))
  migrateAll({ config, persistTo: persistDir, env: childEnv })
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let child
  let ticker

  const spawnWorker = async () => {
    const inspectorPort = await freePort()
    const args = [
      'dev',
      '--config',
      config,
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      persistDir,
      '--show-interactive-dev-session=false',
      '--log-level',
      logLevel,
      TEST_SCHEDULED_FLAG,
      ...Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
    ]
    // Its own process group, so that a kill reaches workerd too.
    child = spawn(wrangler, args, {
      cwd: root,
      env: childEnv,
      detached: true,
      stdio: ['ignore', 'ignore', logLevel === 'error' ? 'ignore' : 'inherit'],
    })
    for (let i = 0; i < 480 && child.exitCode === null; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) {
          if (cron) ticker = startLocalCron(base, { log: { error: () => {} } })
          return
        }
      } catch {}
      await sleep(250)
    }
    await signalGroup('SIGKILL')
    throw new Error(`wrangler dev did not answer ${base}/health`)
  }

  const signalGroup = async (signal) => {
    ticker?.stop()
    if (!child || child.exitCode !== null || child.pid === undefined) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      process.kill(-child.pid, signal)
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }, 5_000)
    await exited
    clearTimeout(timer)
    // workerd may outlive wrangler by a moment: wait until nothing of the group is left.
    for (let i = 0; i < 100 && groupRss(child.pid) > 0; i++) await sleep(50)
  }

  await spawnWorker()
  return {
    base,
    port,
    persistDir,
    /** The process group id of the current run (wrangler's pid). */
    get pid() {
      return child.pid
    },
    /** The workerd processes' resident memory now, in bytes. */
    rss: () => groupRss(child.pid),
    /** A crash: SIGKILL to wrangler and workerd at once; nothing gets to finish. */
    kill: () => signalGroup('SIGKILL'),
    restart: spawnWorker,
    stop: () => signalGroup('SIGTERM'),
    /**
     * Runs SQL on a local database (`wrangler d1 execute --json`): the rows of its result. On
     * the shard that holds `accountId` when given (account data), else on the directory.
     */
    d1: async (sql, accountId) =>
      d1Execute(config, persistDir, sql, await shardOf(config, persistDir, accountId)),
    /** Where an account's events are on their way out: what a crash now would strand. */
    outboxState: async (accountId) => {
      const binding = await shardOf(config, persistDir, accountId)
      const [row] = await d1Execute(config, persistDir, outboxStateSql(accountId), binding)
      return row
    },
  }
}

const outboxStateSql = (accountId) => `select
  (select count(*) from events where account_id = ${accountId}) as events,
  (select count(*) from events where account_id = ${accountId} and published_at is null)
    as unpublished,
  (select count(*) from events where account_id = ${accountId} and published_at is not null
    and fanned_out_at is null) as unfanned,
  (select count(*) from webhook_deliveries where account_id = ${accountId}
    and status = 'pending' and attempts = 0) as never_attempted,
  (select count(*) from webhook_deliveries where account_id = ${accountId}
    and status = 'failed' and next_attempt_at is not null) as retry_scheduled,
  (select count(*) from webhook_deliveries where account_id = ${accountId}
    and status = 'succeeded') as succeeded`

/** The binding of the shard that holds an account (the directory when none is given). */
async function shardOf(config, persistDir, accountId) {
  if (accountId === undefined) return 'DIRECTORY'
  const [row] = await d1Execute(
    config,
    persistDir,
    `select shard from account_shards where account_id = ${Number(accountId)}`,
    'DIRECTORY',
  )
  if (!row) throw new Error(`account ${accountId} is on no shard`)
  return `SHARD_${row.shard}`
}

async function d1Execute(config, persistDir, sql, binding) {
  try {
    const { stdout } = await promisify(execFile)(
      wrangler,
      [
        ...['d1', 'execute', binding, '--config', config, '--local', '--persist-to', persistDir],
        ...['--json', '--command', sql],
      ],
      { cwd: root, encoding: 'utf8', env: childEnv, maxBuffer: 64 * 1024 * 1024 },
    )
    return JSON.parse(stdout)[0]?.results ?? []
  } catch (error) {
    throw new Error(`d1 execute failed: ${error.stderr || error.stdout || error.message}`)
  }
}

/** Whether the widget has been built (the Worker serves it; wrangler refuses a missing dir). */
export function widgetBuilt() {
  return existsSync(path.join(root, 'widget', 'dist', 'widget.js'))
}
