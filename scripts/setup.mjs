// What the README's two commands need on a fresh machine, installed when missing. Plain ESM for
// Node 20: on a fresh clone the Node 22 that wrangler and vitest need only arrives with
// `npm install` (the `node` devDependency). `node scripts/setup.mjs` runs before `npm test`.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const bin = (name) => path.join(root, 'node_modules', '.bin', name)

/** Debian's Chromium, which the browser tests drive (no browser is downloaded). */
export const CHROMIUM = '/usr/bin/chromium'

/** The Node version package-lock.json pins for the `node` devDependency. */
function lockedNodeVersion() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'))
  return lock.packages?.['node_modules/node']?.version
}

const olderNode = Number(process.versions.node.split('.')[0]) < 22

/**
 * A PATH whose first `node` is the project's Node 22, so npm (whose launcher runs `env node`)
 * installs under the Node the packages ask for and prints no EBADENGINE warnings. On a fresh
 * clone under an older Node, that Node is first fetched alone into `.parley/node` (one small
 * install), then the real install runs under it.
 */
function pathWithProjectNode() {
  const projectBin = path.join(root, 'node_modules', '.bin')
  if (existsSync(bin('node')) || !olderNode) return `${projectBin}:${process.env.PATH}`
  const prefix = path.join(root, '.parley', 'node')
  const bootstrapBin = path.join(prefix, 'node_modules', '.bin')
  if (!existsSync(path.join(bootstrapBin, 'node'))) {
    const version = lockedNodeVersion()
    console.log(`Fetching Node ${version} for the install…`)
    const fetched = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `node@${version}`,
      ],
      { cwd: root, stdio: 'pipe', encoding: 'utf8' },
    )
    if (fetched.status !== 0) {
      throw new Error(`npm could not fetch node@${version}:\n${fetched.stdout}${fetched.stderr}`)
    }
  }
  return `${bootstrapBin}:${process.env.PATH}`
}

/**
 * Installs the dependencies when they are missing or older than the lock file (a pull that
 * changed package-lock.json). npm ci refuses the lock file npm 11 writes here (it records only
 * this platform's optional packages); npm install resolves to the same locked versions.
 */
export function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json')
  const lock = path.join(root, 'package-lock.json')
  const stale =
    !existsSync(installed) ||
    !existsSync(bin('node')) ||
    !existsSync(bin('wrangler')) ||
    statSync(installed).mtimeMs < statSync(lock).mtimeMs
  if (!stale) return
  const PATH = pathWithProjectNode()
  console.log('Installing dependencies (npm install)…')
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH },
  })
  if (result.status !== 0) {
    throw new Error('npm install failed: see its output above')
  }
  rmSync(path.join(root, '.parley', 'node'), { recursive: true, force: true })
}

/** Installs Chromium with apt-get when it is missing, or says exactly what to run. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  const isRoot = process.getuid?.() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
  if (!isRoot || !hasApt) {
    throw new Error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n\n` +
        '    sudo apt-get update && sudo apt-get install -y chromium\n',
    )
  }
  console.log('Chromium is missing: installing it with apt-get…')
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && apt-get install -y -qq chromium > /dev/null'],
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  )
  if (install.status !== 0 || !existsSync(CHROMIUM)) {
    throw new Error(
      'apt-get could not install chromium; run `apt-get update && apt-get install -y chromium`',
    )
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureDependencies()
    if (process.argv.includes('--browser')) ensureChromium()
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : error}\n`)
    process.exit(1)
  }
}
