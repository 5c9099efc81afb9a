import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../../worker/db/client'
import { applyImportChunk } from '../../../../worker/db/queries/contact-imports'
import worker from '../../../../worker/index'
import { ROWS_PER_CHUNK } from '../../../../worker/queues/contact-import'
import { countContacts } from '../../contacts-helpers'
import { accountDb, createWorld, shardOfRow } from '../../helpers'
import { uploadCsv, waitForImport } from './jobs-helpers'

/** Runs one message through the worker's queue handler, as the queue would deliver it. */
async function deliver(queue: string, body: unknown) {
  const batch = createMessageBatch(queue, [
    { id: `m-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body },
  ])
  const ctx = createExecutionContext()
  await worker.queue(batch, env)
  await waitOnExecutionContext(ctx)
  return getQueueResult(batch, ctx)
}

/** An import row and its stored file, with no queue message sent: the test delivers them. */
async function seedImport(accountId: number, csv: string, rows: number) {
  const fileKey = `contact-import/${crypto.randomUUID()}.csv`
  await env.FILES.put(fileKey, csv)
  const row = await (await accountDb(accountId))
    .prepare(
      'insert into contact_imports (account_id, file_key, total_records) values (?, ?, ?) returning id',
    )
    .bind(accountId, fileKey, rows)
    .first<{ id: number }>()
  return row!.id
}

const importRow = (id: number) =>
  shardOfRow(id)
    .prepare(
      'select status, processed_records, failed_records, next_row, error from contact_imports where id = ?',
    )
    .bind(id)
    .first<{
      status: string
      processed_records: number
      failed_records: number
      next_row: number
      error: string | null
    }>()

const emailsCsv = (count: number, prefix: string) =>
  `email\n${Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`).join('\n')}\n`

describe('the contact jobs queue', () => {
  it('counts every row once when the same message is delivered twice at once', async () => {
    const world = await createWorld()
    const rows = ROWS_PER_CHUNK * 2 + 17
    const id = await seedImport(world.accountId, emailsCsv(rows, 'twice'), rows)
    const message = { type: 'contact_import', accountId: world.accountId, importId: id }
    await Promise.all([
      deliver('parley-contact-jobs', message),
      deliver('parley-contact-jobs', message),
    ])
    expect(await importRow(id)).toMatchObject({
      status: 'completed',
      processed_records: rows,
      failed_records: 0,
      next_row: rows + 1,
    })
    expect(await countContacts(world.accountId)).toBe(rows)
  })

  it('changes nothing when a finished import is delivered again', async () => {
    const world = await createWorld()
    const res = await uploadCsv(world, 'email\nonce@example.com\nbad-email\n')
    const done = await waitForImport(world, res.json.id)
    const result = await deliver('parley-contact-jobs', {
      type: 'contact_import',
      accountId: world.accountId,
      importId: res.json.id,
    })
    expect(result.explicitAcks).toHaveLength(1)
    expect(await waitForImport(world, res.json.id)).toEqual(done)
    expect(await countContacts(world.accountId)).toBe(1)
  })

  it('writes nothing for a batch whose start the cursor has already passed (a retry)', async () => {
    const world = await createWorld()
    const id = await seedImport(world.accountId, emailsCsv(1, 'retry'), 1)
    const db = createDb(await accountDb(world.accountId))
    const chunk = {
      importId: id,
      accountId: world.accountId,
      fromRow: 1,
      toRow: 2,
      inserts: [
        { name: null, email: 'retry0@example.com', phone: null, identifier: null, custom: {} },
      ],
      updates: [],
      failures: [[3, 'a reason', 'raw'] as [number, string, string]],
      applied: 1,
      last: true,
    }
    expect(await applyImportChunk(db, chunk)).toBe(true)
    expect(await applyImportChunk(db, chunk)).toBe(false)
    expect(await importRow(id)).toMatchObject({
      status: 'completed',
      processed_records: 1,
      failed_records: 1,
    })
    expect(await countContacts(world.accountId)).toBe(1)
  })

  it('marks a job failed when its message reaches the dead-letter queue', async () => {
    const world = await createWorld()
    const id = await seedImport(world.accountId, emailsCsv(1, 'dead'), 1)
    const result = await deliver('parley-contact-jobs-dlq', {
      type: 'contact_import',
      accountId: world.accountId,
      importId: id,
    })
    expect(result.explicitAcks).toHaveLength(1)
    expect(await importRow(id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/given up/),
    })
  })

  it('fails an import whose file is gone instead of retrying it forever', async () => {
    const world = await createWorld()
    const id = await seedImport(world.accountId, emailsCsv(1, 'gone'), 1)
    const { results } = await shardOfRow(id)
      .prepare('select file_key from contact_imports where id = ?')
      .bind(id)
      .all<{ file_key: string }>()
    await env.FILES.delete(results[0]!.file_key)
    const result = await deliver('parley-contact-jobs', {
      type: 'contact_import',
      accountId: world.accountId,
      importId: id,
    })
    expect(result.explicitAcks).toHaveLength(1)
    expect(await importRow(id)).toMatchObject({ status: 'failed', error: expect.any(String) })
  })

  it('drops a malformed message instead of retrying it', async () => {
    const result = await deliver('parley-contact-jobs', { type: 'contact_import' })
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.retryMessages).toEqual([])
  })
})

describe('a 100,000-row import', () => {
  it(
    'goes through the real queue to completion, every row a contact',
    async () => {
      const world = await createWorld()
      const rows = 100_000
      const lines = Array.from(
        { length: rows },
        (_, i) => `Person ${i},person${i}@example.com,+1555${String(i).padStart(7, '0')},id-${i}`,
      )
      const res = await uploadCsv(
        world,
        `name,email,phone_number,identifier\n${lines.join('\n')}\n`,
      )
      expect(res.status).toBe(202)
      expect(res.json.total_records).toBe(rows)
      let job = await importRow(res.json.id)
      while (job?.status === 'pending' || job?.status === 'processing') {
        await new Promise((resolve) => setTimeout(resolve, 1000))
        job = await importRow(res.json.id)
      }
      expect(job).toMatchObject({ status: 'completed', processed_records: rows, failed_records: 0 })
      expect(await countContacts(world.accountId)).toBe(rows)
    },
    15 * 60_000,
  )
})
