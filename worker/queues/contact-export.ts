import { CUSTOM_PREFIX } from '../contacts/contact-csv'
import type { Db } from '../db/client'
import {
  type ContactRowForExport,
  completeContactExport,
  customAttributeKeys,
  type ExportFilters,
  exportPage,
  findContactExportById,
  startContactExport,
} from '../db/queries/contact-exports'
import { csvLine } from '../lib/csv'
import { isoFromSeconds } from '../lib/time'

/**
 * Writes an export's CSV to R2 off the request: contacts are read a keyset page at a time (one
 * query per EXPORT_PAGE contacts, so 1,000 queries cover two million) and streamed into an R2
 * multipart upload in parts of about PART_CHARS, so memory holds one part, not the file.
 */

export const FIELD_COLUMNS = [
  'id',
  'name',
  'email',
  'phone_number',
  'identifier',
  'blocked',
  'created_at',
  'updated_at',
  'last_activity_at',
] as const
export const DEFAULT_COLUMNS = ['id', 'name', 'email', 'phone_number', 'identifier', 'created_at']
const MAX_DEFAULT_CUSTOM_COLUMNS = 50
const EXPORT_PAGE = 2_000
// R2 wants every part but the last to be at least 5 MiB; a character is at least a byte.
const PART_CHARS = 6 * 1024 * 1024

/** A column name an export accepts: a contact field or `custom_attribute.<key>`. */
export const isExportColumn = (name: string) =>
  (FIELD_COLUMNS as readonly string[]).includes(name) ||
  (name.startsWith(CUSTOM_PREFIX) && name.length > CUSTOM_PREFIX.length)

export const exportFileKey = (exportId: number) => `contact-export/${exportId}.csv`

const time = (seconds: number | null) => (seconds === null ? null : isoFromSeconds(seconds))

function cellOf(contact: ContactRowForExport, column: string) {
  switch (column) {
    case 'id':
      return contact.id
    case 'name':
      return contact.name
    case 'email':
      return contact.email
    case 'phone_number':
      return contact.phoneNumber
    case 'identifier':
      return contact.identifier
    case 'blocked':
      return contact.blocked
    case 'created_at':
      return time(contact.createdAt)
    case 'updated_at':
      return time(contact.updatedAt)
    case 'last_activity_at':
      return time(contact.lastActivityAt)
  }
  const value = (contact.customAttributes as Record<string, unknown>)[
    column.slice(CUSTOM_PREFIX.length)
  ]
  if (value === undefined || value === null) return null
  return typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean)
}

/** The columns asked for, or the default ones with a column per custom attribute in use. */
async function columnsOf(db: Db, accountId: number, asked: string[]) {
  if (asked.length > 0) return asked
  const keys = await customAttributeKeys(db, accountId, MAX_DEFAULT_CUSTOM_COLUMNS)
  return [...DEFAULT_COLUMNS, ...keys.map((key) => `${CUSTOM_PREFIX}${key}`)]
}

export async function runExport(env: Env, db: Db, exportId: number): Promise<void> {
  const job = await findContactExportById(db, exportId)
  if (!job) return
  const [claimed] = await startContactExport(db, exportId)
  if (!claimed) return
  const columns = await columnsOf(db, job.accountId, job.columnNames)
  const key = exportFileKey(exportId)
  // A retried export writes the whole file again under the same key.
  const upload = await env.FILES.createMultipartUpload(key, {
    httpMetadata: { contentType: 'text/csv; charset=utf-8' },
    customMetadata: { accountId: String(job.accountId) },
  })
  try {
    const parts: R2UploadedPart[] = []
    let buffer: string[] = [csvLine(columns)]
    let bufferChars = buffer[0]?.length ?? 0
    const sendPart = async () => {
      parts.push(await upload.uploadPart(parts.length + 1, buffer.join('')))
      buffer = []
      bufferChars = 0
    }
    let total = 0
    let afterId = 0
    for (;;) {
      const page = await exportPage(
        db,
        job.accountId,
        job.filters as ExportFilters,
        afterId,
        EXPORT_PAGE,
      )
      for (const contact of page) {
        const line = csvLine(columns.map((column) => cellOf(contact, column)))
        buffer.push(line)
        bufferChars += line.length
        if (bufferChars >= PART_CHARS) await sendPart()
      }
      total += page.length
      if (page.length < EXPORT_PAGE) break
      afterId = (page.at(-1) as ContactRowForExport).id
    }
    if (bufferChars > 0) await sendPart()
    await upload.complete(parts)
    await completeContactExport(db, exportId, key, total)
  } catch (error) {
    await upload.abort().catch(() => {})
    throw error
  }
}
