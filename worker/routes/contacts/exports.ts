import { createRoute, z } from '@hono/zod-openapi'
import { createDb } from '../../db/client'
import {
  failContactExport,
  findContactExport,
  insertContactExport,
} from '../../db/queries/contact-exports'
import { accountBinding } from '../../db/shards'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import { checkDownloadLink, signedDownloadUrl } from '../../lib/download-links'
import { nowSeconds } from '../../lib/time'
import { currentUserId } from '../../middleware/auth'
import { isExportColumn } from '../../queues/contact-export'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, jsonBody, jsonResponse, noCredentials } from '../../schemas/common'
import {
  ContactExportCreatedSchema,
  ContactExportInputSchema,
  ContactExportSchema,
  DownloadParamsSchema,
  DownloadQuerySchema,
  ExportParamsSchema,
  toContactExport,
} from '../../schemas/contact-jobs'
import { administratorsOnly } from '../agents/shared'
import { createRouter } from '../router'
import { base, labelsOf, tags } from './shared'

const exportRoute = createRoute({
  operationId: 'exportContacts',
  method: 'post',
  path: `${base}/export`,
  tags,
  security: accountSecurity,
  summary: 'Export contacts to a CSV file (administrators)',
  description:
    'The contacts the list shows, narrowed by `label`/`labels` (as the contact list) and `q` ' +
    '(as contacts/search), are written to a CSV in the background: poll the export until it ' +
    'is completed and download its `download_url`. Cells a spreadsheet would run as a ' +
    "formula (starting with =, +, -, @, tab or CR) are prefixed with '.",
  middleware: [administratorsOnly],
  request: { params: AccountIdParamsSchema, body: jsonBody(ContactExportInputSchema) },
  responses: {
    202: jsonResponse(ContactExportCreatedSchema, 'The export, pending'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const showExportRoute = createRoute({
  operationId: 'getContactExport',
  method: 'get',
  path: `${base}/exports/{export_id}`,
  tags,
  security: accountSecurity,
  summary: "An export's status, with a fresh download link once completed (administrators)",
  middleware: [administratorsOnly],
  request: { params: ExportParamsSchema },
  responses: {
    200: jsonResponse(ContactExportSchema, 'The export'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const downloadRoute = createRoute({
  operationId: 'downloadContactExport',
  method: 'get',
  path: '/downloads/contact_exports/{export_id}',
  tags,
  security: noCredentials,
  summary: "A completed export's CSV, at the signed link the export answered with",
  description:
    'No token: the link is the credential, valid for 15 minutes. An expired or altered link ' +
    'is refused with 403.',
  request: { params: DownloadParamsSchema, query: DownloadQuerySchema },
  responses: {
    200: {
      description: 'The CSV, as an attachment',
      content: { 'text/csv': { schema: z.string().openapi({ example: 'id,name,email\r\n' }) } },
    },
    ...errorResponses('forbidden', 'not_found', 'validation_failed'),
  },
})

function checkColumns(names: string[] | undefined) {
  if (!names) return []
  const unknown = names.filter((name) => !isExportColumn(name))
  if (unknown.length > 0) {
    throw validationError([
      fieldError('column_names', `has unknown columns: ${unknown.join(', ').slice(0, 300)}`),
    ])
  }
  return [...new Set(names)]
}

export const contactExportRoutes = createRouter()
  .openapi(exportRoute, async (c) => {
    const input = c.req.valid('json')
    const columnNames = checkColumns(input.column_names)
    const labels = labelsOf(input.label, input.labels, input['labels[]'])
    const q = input.q?.trim()
    const { accountId, db } = c.var
    const [job] = await insertContactExport(db, {
      accountId,
      // Empty: the default columns, worked out when the file is written.
      columnNames,
      filters: { ...(labels.length > 0 ? { labels } : {}), ...(q ? { q } : {}) },
      createdById: currentUserId(c),
    })
    if (!job) throw new Error('contact export insert returned nothing')
    try {
      await c.env.CONTACT_JOBS.send({
        type: 'contact_export',
        accountId: c.var.accountId,
        exportId: job.id,
      })
    } catch (error) {
      await failContactExport(db, job.id, 'The export could not be queued')
      throw error
    }
    return c.json({ id: job.id, status: job.status }, 202)
  })
  .openapi(showExportRoute, async (c) => {
    const { accountId, db } = c.var
    const job = await findContactExport(db, accountId, c.req.valid('param').export_id)
    if (!job) throw apiError('not_found', 'Export not found')
    const url =
      job.status === 'completed' && job.fileKey
        ? await signedDownloadUrl(c.env, new URL(c.req.url).origin, job.id, accountId, nowSeconds())
        : undefined
    return c.json(toContactExport(job, url), 200)
  })
  .openapi(downloadRoute, async (c) => {
    const id = c.req.valid('param').export_id
    const query = c.req.valid('query')
    const check = await checkDownloadLink(
      c.env,
      id,
      { accountId: query.account_id, expires: query.expires, signature: query.signature },
      nowSeconds(),
    )
    if (check === 'invalid') throw apiError('forbidden', 'This download link is not valid')
    if (check === 'expired') {
      throw apiError(
        'forbidden',
        'This download link has expired: open the export again for a new one',
      )
    }
    // The link names its account (signed): the export is on that account's shard.
    const accountId = Number(query.account_id)
    const job = await findContactExport(
      createDb(await accountBinding(c.env, accountId)),
      accountId,
      id,
    )
    const object = job?.fileKey ? await c.env.FILES.get(job.fileKey) : null
    if (!object) throw apiError('not_found', 'Export not found')
    return new Response(object.body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-length': String(object.size),
        'content-disposition': `attachment; filename="contacts-export-${id}.csv"`,
        'cache-control': 'private, no-store',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    }) as never
  })
