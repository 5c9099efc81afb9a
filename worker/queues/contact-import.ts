import {
  dataRows,
  decodeImportFile,
  headerOf,
  ImportFileError,
  importColumnsOf,
  readImportRow,
} from '../contacts/contact-csv'
import type { Db } from '../db/client'
import {
  applyImportChunk,
  contactAttributeDefinitions,
  failContactImport,
  findContactImportById,
  findContactsByKeys,
} from '../db/queries/contact-imports'
import { CsvSyntaxError } from '../lib/csv'
import { lookupKeys, type PlannedRow, planChunk } from './contact-import-plan'

/**
 * Applies an import's rows off the request, a batch of rows per D1 batch. One queue message
 * applies up to CHUNKS_PER_MESSAGE batches and then sends the next message: every invocation
 * stays far under D1's 1,000 queries (two per batch here) and the CPU limit, whatever the file.
 *
 * No `contact_created` / `contact_updated` events (webhooks, live updates) are written per row:
 * Chatwoot's import upserts without its callbacks, so its receivers don't expect 100,000 of
 * them, and an import is not a person's edit to show live. The search index stays correct: its
 * triggers (migration 0004) follow every insert and update made here.
 */

/** Rows per D1 batch: its JSON parameters stay a few hundred KB. */
export const ROWS_PER_CHUNK = 500
export const CHUNKS_PER_MESSAGE = 20

export type ImportStep = 'done' | 'more'

export async function runImportStep(env: Env, db: Db, importId: number): Promise<ImportStep> {
  const job = await findContactImportById(db, importId)
  if (!job || (job.status !== 'pending' && job.status !== 'processing')) return 'done'
  const object = await env.FILES.get(job.fileKey)
  if (!object) {
    await failContactImport(db, importId, 'The uploaded file is no longer stored')
    return 'done'
  }
  let text: string
  try {
    text = decodeImportFile(new Uint8Array(await object.arrayBuffer()))
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error
    await failContactImport(db, importId, error.message)
    return 'done'
  }
  const columns = importColumnsOf(headerOf(text) ?? [])
  if (!columns) {
    await failContactImport(db, importId, 'The header row has no known column')
    return 'done'
  }
  const definitions = await contactAttributeDefinitions(db, job.accountId)
  let fromRow = job.nextRow
  let chunks = 0
  let batch: PlannedRow[] = []
  let failed: [number, string, string][] = []
  let rowsInBatch = 0
  const flush = async (toRow: number, last: boolean) => {
    const existing = await findContactsByKeys(db, job.accountId, lookupKeys(batch))
    const plan = planChunk(batch, existing)
    const applied = await applyImportChunk(db, {
      importId,
      accountId: job.accountId,
      fromRow,
      toRow,
      inserts: plan.inserts,
      updates: plan.updates,
      failures: [...failed, ...plan.failures],
      applied: plan.applied,
      last,
    })
    fromRow = toRow
    batch = []
    failed = []
    rowsInBatch = 0
    chunks++
    return applied
  }
  try {
    let lastRow = fromRow - 1
    for (const record of dataRows(text)) {
      lastRow = record.row
      if (record.row < fromRow) continue
      const raw = text.slice(record.start, record.end)
      const outcome = readImportRow(record.fields, columns, definitions)
      if (outcome.ok) batch.push({ line: record.line, raw, values: outcome.values })
      else failed.push([record.line, outcome.reason, raw])
      if (++rowsInBatch < ROWS_PER_CHUNK) continue
      // Another consumer applied this batch first (a duplicated message): it carries on.
      if (!(await flush(record.row + 1, false))) return 'done'
      if (chunks >= CHUNKS_PER_MESSAGE) return 'more'
    }
    await flush(lastRow + 1, true)
    return 'done'
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    await failContactImport(db, importId, `The file is not well-formed CSV: ${error.message}`)
    return 'done'
  }
}
