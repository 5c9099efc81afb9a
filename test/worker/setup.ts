import { applyD1Migrations, env } from 'cloudflare:test'
import { checkTemplatesAgainstFreshBuilds } from '../../worker/db/templates'

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
// Every template used in the tests is built afresh and compared with its cached SQL.
checkTemplatesAgainstFreshBuilds(true)
