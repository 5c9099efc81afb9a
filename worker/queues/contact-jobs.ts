import { createDb } from '../db/client'
import { failContactExport } from '../db/queries/contact-exports'
import { failContactImport } from '../db/queries/contact-imports'
import { runExport } from './contact-export'
import { runImportStep } from './contact-import'
import { settleMessage } from './settle'

/**
 * The `parley-contact-jobs` queue: contacts imports and exports, applied off the request. Its
 * batches are of one message (wrangler.toml), so each job step has an invocation's whole D1
 * query budget and CPU time to itself.
 */

export const CONTACT_JOBS_QUEUE = 'parley-contact-jobs'

export type ContactJobMessage =
  | { type: 'contact_import'; importId: number }
  | { type: 'contact_export'; exportId: number }

export const isContactJobsQueue = (queue: string) => queue.startsWith(CONTACT_JOBS_QUEUE)

function parse(body: unknown): ContactJobMessage | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  if (b.type === 'contact_import' && Number.isSafeInteger(b.importId)) {
    return b as ContactJobMessage
  }
  if (b.type === 'contact_export' && Number.isSafeInteger(b.exportId)) {
    return b as ContactJobMessage
  }
  return null
}

export async function handleContactJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  const db = createDb(env.DB)
  const work = async (body: ContactJobMessage) => {
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
