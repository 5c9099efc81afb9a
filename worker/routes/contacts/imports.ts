import { createRoute, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import {
  type CheckedFile,
  CUSTOM_PREFIX,
  checkImportFile,
  headerOf,
  ImportFileError,
  MAX_IMPORT_BYTES,
  undefinedAttributes,
} from '../../contacts/contact-csv'
import {
  contactAttributeDefinitions,
  failContactImport,
  findContactImport,
  insertContactImport,
  listImportFailures,
} from '../../db/queries/contact-imports'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, fieldError } from '../../errors'
import { CsvSyntaxError, csvLine, csvRecords } from '../../lib/csv'
import { currentUserId } from '../../middleware/auth'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, jsonResponse } from '../../schemas/common'
import {
  ContactImportFormSchema,
  ContactImportSchema,
  ImportParamsSchema,
  toContactImport,
} from '../../schemas/contact-jobs'
import { administratorsOnly } from '../agents/shared'
import { createRouter } from '../router'
import { base, tags } from './shared'

const MISSING_FILE = 'import_file is required: attach a CSV file as multipart/form-data'

/**
 * Before the form is validated: a request with no body (or an empty one, which the body reader
 * hands on as `{}`) lacks the file, a 422; a body of another kind, such as JSON, is a 415.
 */
const requireUpload: MiddlewareHandler<AppEnv> = async (c, next) => {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (mediaType === 'multipart/form-data') return next()
  const text = mediaType === 'application/json' ? (await c.req.text()).trim() : 'other'
  if (text === '{}' || text === '') throw invalidFile(MISSING_FILE)
  throw apiError(
    'unsupported_media_type',
    'Send the CSV as multipart/form-data in the field import_file',
  )
}

const importRoute = createRoute({
  operationId: 'importContacts',
  method: 'post',
  path: `${base}/import`,
  tags,
  security: accountSecurity,
  summary: 'Import contacts from a CSV file (administrators)',
  description:
    'multipart/form-data with `import_file`: a UTF-8 CSV with a header row naming name, ' +
    `email, phone_number, identifier and \`${CUSTOM_PREFIX}<key>\` columns (others are ` +
    'ignored), at most 10 MB and 100,000 rows. The file is checked here (422 naming the ' +
    'problem) and its rows applied in the background: poll the import for progress. A row ' +
    'whose identifier, email or phone number (in that order) a contact already has updates ' +
    'that contact; a row that cannot be applied fails alone and is listed in failed_rows.',
  middleware: [administratorsOnly, requireUpload],
  request: {
    params: AccountIdParamsSchema,
    body: {
      required: true,
      content: { 'multipart/form-data': { schema: ContactImportFormSchema } },
    },
  },
  responses: {
    202: jsonResponse(ContactImportSchema, 'The import, pending'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'payload_too_large',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const showImportRoute = createRoute({
  operationId: 'getContactImport',
  method: 'get',
  path: `${base}/imports/{import_id}`,
  tags,
  security: accountSecurity,
  summary: "An import's status and progress (administrators)",
  description:
    '`processed_records` counts the rows applied and `failed_records` those that failed; ' +
    'together they reach `total_records` when the import completes.',
  middleware: [administratorsOnly],
  request: { params: ImportParamsSchema },
  responses: {
    200: jsonResponse(ContactImportSchema, 'The import'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const failedRowsRoute = createRoute({
  operationId: 'getContactImportFailedRows',
  method: 'get',
  path: `${base}/imports/{import_id}/failed_rows`,
  tags,
  security: accountSecurity,
  summary: "An import's failed rows as CSV (administrators)",
  description:
    'Columns `line` (in the uploaded file, the header being line 1), `reason`, then the ' +
    "uploaded file's own columns with the row's cells, so the file can be fixed and imported again.",
  middleware: [administratorsOnly],
  request: { params: ImportParamsSchema },
  responses: {
    200: {
      description: 'The failed rows',
      content: {
        'text/csv': { schema: z.string().openapi({ example: 'line,reason,name,email\r\n' }) },
      },
    },
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const invalidFile = (message: string) =>
  apiError('validation_failed', message, [fieldError('import_file', message, 'invalid_file')])

/** Enough of the file to hold its header row: the failed rows' CSV repeats its columns. */
const HEADER_BYTES = 64 * 1024

async function uploadedHeader(env: Env, fileKey: string) {
  const object = await env.FILES.get(fileKey, { range: { offset: 0, length: HEADER_BYTES } })
  if (!object) return null
  try {
    return headerOf(new TextDecoder().decode(await object.arrayBuffer()))
  } catch {
    return null
  }
}

function cellsOf(raw: string) {
  try {
    for (const record of csvRecords(raw)) return record.fields
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
  }
  return [raw]
}

export const contactImportRoutes = createRouter()
  .openapi(importRoute, async (c) => {
    const file = (c.req.valid('form') as Record<string, unknown>).import_file
    if (!(file instanceof File)) throw invalidFile(MISSING_FILE)
    if (file.size > MAX_IMPORT_BYTES) {
      throw apiError('payload_too_large', 'import_file is larger than 10 MB')
    }
    const bytes = new Uint8Array(await file.arrayBuffer())
    let checked: CheckedFile
    try {
      checked = checkImportFile(bytes)
    } catch (error) {
      if (error instanceof ImportFileError) throw invalidFile(error.message)
      throw error
    }
    const { accountId, db } = c.var
    // As the contacts API, an import sets only defined attributes: refused whole, not per row.
    const definitions = await contactAttributeDefinitions(db, accountId)
    const unknown = undefinedAttributes(checked.columns, definitions)
    if (unknown.length > 0) {
      throw invalidFile(
        `${unknown.map((key) => `${CUSTOM_PREFIX}${key}`).join(', ')}: not a defined custom ` +
          'attribute (define it in the account settings first, or leave the column out)',
      )
    }
    const fileKey = `contact-import/${crypto.randomUUID()}.csv`
    await c.env.FILES.put(fileKey, bytes, {
      httpMetadata: { contentType: 'text/csv; charset=utf-8' },
      customMetadata: { accountId: String(accountId) },
    })
    const [job] = await insertContactImport(db, {
      accountId,
      fileKey,
      totalRecords: checked.rows,
      createdById: currentUserId(c),
    })
    if (!job) throw new Error('contact import insert returned nothing')
    try {
      await c.env.CONTACT_JOBS.send({
        type: 'contact_import',
        accountId: c.var.accountId,
        importId: job.id,
      })
    } catch (error) {
      await failContactImport(db, job.id, 'The import could not be queued')
      throw error
    }
    return c.json(toContactImport(job), 202)
  })
  .openapi(showImportRoute, async (c) => {
    const job = await findContactImport(c.var.db, c.var.accountId, c.req.valid('param').import_id)
    if (!job) throw apiError('not_found', 'Import not found')
    return c.json(toContactImport(job), 200)
  })
  .openapi(failedRowsRoute, async (c) => {
    const id = c.req.valid('param').import_id
    const job = await findContactImport(c.var.db, c.var.accountId, id)
    if (!job) throw apiError('not_found', 'Import not found')
    const [header, failures] = await Promise.all([
      uploadedHeader(c.env, job.fileKey),
      listImportFailures(c.var.db, id),
    ])
    const lines = [csvLine(['line', 'reason', ...(header ?? ['row'])])]
    for (const failure of failures) {
      lines.push(
        csvLine([failure.line, failure.reason, ...(header ? cellsOf(failure.row) : [failure.row])]),
      )
    }
    return new Response(lines.join(''), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="contact-import-${id}-failed-rows.csv"`,
        'cache-control': 'private, no-store',
      },
    }) as never
  })
