// Applies the migrations to the directory and every shard a wrangler config declares, then
// starts each shard's id sequences at its span (worker/db/queries/sequences.ts). Used by
// `npm run db:migrate:local` / `:remote`, `npm start`, the benchmark and the test set-ups.
//   node scripts/db-migrate.mjs --local|--remote [--config wrangler.toml] [--persist-to dir]
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sequenceFloorSql } from '../worker/db/queries/sequences.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler')

/** The D1 bindings of a wrangler config: DIRECTORY first, then SHARD_0, SHARD_1, … in order. */
export function databaseBindings(config = path.join(root, 'wrangler.toml')) {
  const text = readFileSync(config, 'utf8')
  const bindings = [...text.matchAll(/^\[\[d1_databases\]\]\s*\nbinding\s*=\s*"([^"]+)"/gm)].map(
    (match) => match[1],
  )
  const shards = bindings
    .filter((name) => /^SHARD_\d+$/.test(name))
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))
  if (!bindings.includes('DIRECTORY') || shards.length === 0) {
    throw new Error(`${config} must declare the DIRECTORY and SHARD_0… D1 bindings`)
  }
  return { directory: 'DIRECTORY', shards }
}

/**
 * Migrates every database. `where` is '--local' or '--remote'; `persistTo` a local state
 * directory (wrangler's default when omitted); `env` the child's environment. Throws with
 * wrangler's output on a failure.
 * @param {{ where?: string, config?: string, persistTo?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function migrateAll({ where = '--local', config, persistTo, env = process.env } = {}) {
  const configArgs = config ? ['--config', config] : []
  const stateArgs = persistTo ? ['--persist-to', persistTo] : []
  const run = (args) => {
    const result = spawnSync(wrangler, [...args, ...configArgs, where, ...stateArgs], {
      cwd: root,
      encoding: 'utf8',
      // CI=true: wrangler applies without asking.
      env: { ...env, CI: 'true' },
    })
    if (result.status !== 0) {
      throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed: ${result.stderr}`)
    }
  }
  const { directory, shards } = databaseBindings(config)
  for (const binding of [directory, ...shards]) run(['d1', 'migrations', 'apply', binding])
  for (const [index, binding] of shards.entries()) {
    if (index === 0) continue
    run(['d1', 'execute', binding, '--command', sequenceFloorSql(index).join('; ')])
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const option = (name) => {
    const at = args.indexOf(name)
    return at === -1 ? undefined : args[at + 1]
  }
  try {
    migrateAll({
      where: args.includes('--remote') ? '--remote' : '--local',
      config: option('--config'),
      persistTo: option('--persist-to'),
    })
    console.log('Migrated the directory and every shard')
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}
