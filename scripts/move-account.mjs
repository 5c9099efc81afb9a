// Moves an account to another shard through the platform API (docs/scaling.md):
//   npm run move-account -- <account_id> <shard> [--base https://parley.example.com]
// PLATFORM_API_TOKEN comes from the environment, else from .dev.vars (local). The account is
// read-only while its rows are copied and verified; the old copy is deleted once no isolate can
// still remember the old shard.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** db/shards.ts REMEMBER_MS, and a margin. */
const FORGET_MS = 10_000 + 2_000

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(name)
  return at === -1 ? fallback : args.splice(at, 2)[1]
}
const base = option('--base', 'http://localhost:8787').replace(/\/+$/, '')
const [accountId, shard] = args.map(Number)
if (!Number.isInteger(accountId) || !Number.isInteger(shard)) {
  console.error('usage: npm run move-account -- <account_id> <shard> [--base URL]')
  process.exit(2)
}
const token = process.env.PLATFORM_API_TOKEN ?? tokenFromDevVars()
if (!token) {
  console.error('PLATFORM_API_TOKEN is not set (nor in .dev.vars)')
  process.exit(2)
}

function tokenFromDevVars() {
  const file = path.join(root, '.dev.vars')
  if (!existsSync(file)) return undefined
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('PLATFORM_API_TOKEN='))
  return line?.slice('PLATFORM_API_TOKEN='.length).trim()
}

async function post(pathname, body) {
  const res = await fetch(`${base}/platform/api/v1/accounts/${accountId}${pathname}`, {
    method: 'POST',
    headers: { api_access_token: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = await res.json().catch(() => null)
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${json?.message ?? ''}`)
  return json
}

try {
  const report = await post('/move', { shard })
  for (const t of report.tables.filter((t) => t.rows > 0)) {
    console.log(`${t.table.padEnd(28)} ${String(t.rows).padStart(8)} rows  sha256 ${t.sha256}`)
  }
  console.log(`Account ${accountId} now lives on shard ${report.to} (was ${report.from}).`)
  console.log(`Deleting the old copy in ${FORGET_MS / 1000} s…`)
  await new Promise((resolve) => setTimeout(resolve, FORGET_MS))
  await post('/move/finish', { from: report.from })
  console.log(`The old copy on shard ${report.from} is gone.`)
} catch (error) {
  console.error(error.message)
  process.exit(1)
}
