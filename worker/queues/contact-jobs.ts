import { failContactExport } from '../db/queries/contact-exports'
import { failContactImport } from '../db/queries/contact-imports'
import { contactExports, contactImports } from '../db/schema'
import { runExport } from './contact-export'
import { runImportStep } from './contact-import'
import { carriedAccountId, messageDatabase } from './locate'
import { settleMessage } from './settle'

/**
 * The `parley-contact-jobs` queue: contacts imports and exports, applied off the request. Its
 * batches are of one message (wrangler.toml), so each job step has an invocation's whole D1
 * query budget and CPU time to itself.
 */

export const CONTACT_JOBS_QUEUE = 'parley-contact-jobs'

/**
 * `accountId` names the shard the job's row is on; producers set it (a message from before the
 * shards has none, and its job is looked for on every shard: ./locate.ts).
 */
export type ContactJobMessage =
  | { type: 'contact_import'; accountId: number; importId: number }
  | { type: 'contact_export'; accountId: number; exportId: number }

type ReceivedJob =
  | { type: 'contact_import'; accountId: number | undefined; importId: number }
  | { type: 'contact_export'; accountId: number | undefined; exportId: number }

export const isContactJobsQueue = (queue: string) => queue.startsWith(CONTACT_JOBS_QUEUE)

function parse(body: unknown): ReceivedJob | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  const accountId = carriedAccountId(b)
  if (b.type === 'contact_import' && Number.isSafeInteger(b.importId)) {
    return { type: 'contact_import', accountId, importId: b.importId as number }
  }
  if (b.type === 'contact_export' && Number.isSafeInteger(b.exportId)) {
    return { type: 'contact_export', accountId, exportId: b.exportId as number }
  }
  return null
}

/** The job's shard; undefined when its row is on none (the account was deleted): nothing to do. */
function jobDatabase(env: Env, body: ReceivedJob) {
  return body.type === 'contact_import'
    ? messageDatabase(env, contactImports, body.accountId, body.importId)
    : messageDatabase(env, contactExports, body.accountId, body.exportId)
}

export async function handleContactJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  const work = async (body: ReceivedJob) => {
    const db = await jobDatabase(env, body)
    if (!db) return
    if (deadLetters) {
      const reason = 'The job failed repeatedly and was given up'
      if (body.type === 'contact_import') await failContactImport(db, body.importId, reason)
      else await failContactExport(db, body.exportId, reason)
    } else if (body.type === 'contact_import') {
      // The rest goes in a message of its own, sent before this one is acknowledged: a crash
      // between the two leaves a duplicate, which the import's cursor makes harmless.
      if ((await runImportStep(env, db, body.importId)) === 'more') {
        await env.CONTACT_JOBS.send(body)
      }
    } else {
      await runExport(env, db, body.exportId)
    }
  }
  for (const message of batch.messages) {
    await settleMessage(message, batch.queue, { parse, work, failure: 'contact job failed' })
  }
}
