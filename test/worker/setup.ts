import { applyD1Migrations, env } from 'cloudflare:test'
import { sequenceFloorSql } from '../../worker/db/queries/sequences'
import { shardBindings } from '../../worker/db/shards'
import { checkTemplatesAgainstFreshBuilds } from '../../worker/db/templates'

// The directory and both shards, as `npm start` and production have them (docs/scaling.md).
await applyD1Migrations(env.DIRECTORY, env.TEST_MIGRATIONS)
for (const [shard, binding] of shardBindings(env).entries()) {
  await applyD1Migrations(binding, env.TEST_MIGRATIONS)
  const floors = sequenceFloorSql(shard)
  if (floors.length > 0) await binding.batch(floors.map((sql) => binding.prepare(sql)))
}
// Every template used in the tests is built afresh and compared with its cached SQL.
checkTemplatesAgainstFreshBuilds(true)
