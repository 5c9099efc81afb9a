import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The README's first command, `npm start`, in a copy of the working tree (its own .dev.vars,
// .parley and local databases; node_modules shared): a newcomer's terminal shows a few progress
// lines, then the sign-ins, and nothing pushes them out of view.

const root = path.resolve(import.meta.dirname, '../..')
const BANNER_END = '`npm run demo` prints this again'

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

/**
 * The tracked and untracked (not ignored) files of the working tree, copied to a new folder with
 * their times (so the shared node_modules is not older than the copied lock file).
 */
function copyOfTree() {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-quick-start-'))
  const listed = spawnSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    try {
      cpSync(path.join(root, file), path.join(dir, file), { preserveTimestamps: true })
    } catch {
      // A file deleted in the working tree but still in the index.
    }
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  return dir
}

let dir = ''
let child: ChildProcess | undefined
let output = ''
let baseUrl = ''

async function untilOutputHas(text: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!output.includes(text)) {
    if (child?.exitCode !== null) throw new Error(`npm start exited early:\n${output}`)
    if (Date.now() > deadline) throw new Error(`npm start printed no banner in time:\n${output}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

beforeAll(async () => {
  dir = copyOfTree()
  const port = await freePort()
  baseUrl = `http://localhost:${port}`
  // As from a terminal: none of vitest's variables (NODE_ENV=test would build for development).
  const terminalEnv = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
  )
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: dir,
    env: { ...terminalEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  // Generous: on a loaded two-core machine the build and three migrations take minutes.
  await untilOutputHas(BANNER_END, 590_000)
}, 600_000)

afterAll(() => {
  if (child?.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {}
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('npm start', () => {
  it('prints a few progress lines, then the sign-ins, with no warnings, stack traces or request logs', () => {
    const beforeBanner = output.slice(0, output.indexOf('Parley is running on'))
    expect(beforeBanner.split('\n').filter((line) => line.trim() !== '').length).toBeLessThan(10)
    expect(output).not.toMatch(/EBADENGINE|ENOTFOUND|\[wrangler:info\]|bindings|^\s+at /m)
    expect(output).toMatch(/Administrator\s+admin@demo\.parley\.test\s+password \S{20}/)
  })

  it('keeps the sign-ins last while requests and cron ticks are served', async () => {
    const printed = output.length
    for (const route of ['/health', '/', '/app/login', '/no-such-page']) {
      await fetch(`${baseUrl}${route}`)
    }
    const scheduled = await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent('* * * * *')}`)
    expect(scheduled.status).toBeLessThan(500)
    // The worker's logs reach the terminal within milliseconds; give them a generous while.
    await new Promise((r) => setTimeout(r, 2_000))
    expect(output.slice(printed)).toBe('')
  })

  it('npm run demo prints the same sign-ins again', () => {
    const demo = spawnSync(process.execPath, ['scripts/demo-banner.mjs'], {
      cwd: dir,
      encoding: 'utf8',
    })
    expect(demo.status).toBe(0)
    const password = output.match(/Administrator\s+\S+\s+password (\S+)/)?.[1]
    expect(password).toBeTruthy()
    expect(demo.stdout).toContain(`password ${password}`)
    expect(demo.stdout).toContain(`Parley is running on ${baseUrl}`)
  })
})
