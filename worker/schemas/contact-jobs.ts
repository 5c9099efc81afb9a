import { z } from '@hono/zod-openapi'
import type { contactExports, contactImports } from '../db/schema'
import { isoFromSeconds } from '../lib/time'
import { IdSchema, SearchTextSchema } from './common'

type ImportRow = typeof contactImports.$inferSelect
type ExportRow = typeof contactExports.$inferSelect

const JobStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed'])
const TimeSchema = z.string().openapi({ format: 'date-time' })

export const ImportParamsSchema = z.object({
  account_id: IdSchema.openapi({ param: { name: 'account_id', in: 'path' }, example: 1 }),
  import_id: IdSchema.openapi({ param: { name: 'import_id', in: 'path' }, example: 7 }),
})

export const ExportParamsSchema = z.object({
  account_id: IdSchema.openapi({ param: { name: 'account_id', in: 'path' }, example: 1 }),
  export_id: IdSchema.openapi({ param: { name: 'export_id', in: 'path' }, example: 9 }),
})

export const ContactImportFormSchema = z
  .object({
    import_file: z.any().openapi({
      type: 'string',
      format: 'binary',
      description:
        'A UTF-8 CSV with a header row: name, email, phone_number, identifier and ' +
        '`custom_attribute.<key>` columns (others are ignored); at most 10 MB and 100,000 rows',
    }),
  })
  .openapi('ContactImportForm', { example: { import_file: 'contacts.csv' } })

export const ContactImportSchema = z
  .object({
    id: z.number().int(),
    status: JobStatusSchema,
    total_records: z.number().int(),
    processed_records: z.number().int(),
    failed_records: z.number().int(),
    error: z.string().nullable(),
    created_at: TimeSchema,
    completed_at: TimeSchema.nullable(),
  })
  .openapi('ContactImport', {
    example: {
      id: 7,
      status: 'processing',
      total_records: 2500,
      processed_records: 1000,
      failed_records: 3,
      error: null,
      created_at: '2026-11-24T04:00:00.000Z',
      completed_at: null,
    },
  })

export function toContactImport(row: ImportRow): z.infer<typeof ContactImportSchema> {
  return {
    id: row.id,
    status: row.status,
    total_records: row.totalRecords,
    processed_records: row.processedRecords,
    failed_records: row.failedRecords,
    error: row.error,
    created_at: isoFromSeconds(row.createdAt),
    completed_at: row.completedAt === null ? null : isoFromSeconds(row.completedAt),
  }
}

const LabelsSchema = z.union([z.string().max(255), z.array(z.string().max(255)).max(20)]).optional()

const ColumnNameSchema = z
  .string()
  .max(300)
  .openapi({ description: 'A contact field or `custom_attribute.<key>`' })

export const ContactExportInputSchema = z
  .object({
    column_names: z
      .array(ColumnNameSchema)
      .min(1)
      .max(100)
      .optional()
      .openapi({
        description:
          'Columns in order: id, name, email, phone_number, identifier, blocked, created_at, ' +
          'updated_at, last_activity_at or `custom_attribute.<key>`. Default: id, name, email, ' +
          "phone_number, identifier, created_at and a column for each of the account's custom " +
          'attributes',
      }),
    label: z.string().max(255).optional().openapi({ description: 'Contacts with this label' }),
    labels: LabelsSchema.openapi({
      description: 'Contacts with any of these labels (as the contact list)',
    }),
    'labels[]': LabelsSchema.openapi({ description: 'Also accepted for labels' }),
    q: SearchTextSchema.optional().openapi({
      description: 'Contacts matching this search (as contacts/search)',
    }),
  })
  .openapi('ContactExportInput', {
    example: { column_names: ['name', 'email', 'custom_attribute.plan'], label: 'vip', q: 'acme' },
  })
export type ContactExportInput = z.infer<typeof ContactExportInputSchema>

export const ContactExportCreatedSchema = z
  .object({ id: z.number().int(), status: JobStatusSchema })
  .openapi('ContactExportCreated', { example: { id: 9, status: 'pending' } })

export const ContactExportSchema = z
  .object({
    id: z.number().int(),
    status: JobStatusSchema,
    total_records: z.number().int(),
    error: z.string().nullable(),
    created_at: TimeSchema,
    completed_at: TimeSchema.nullable(),
    download_url: z
      .string()
      .optional()
      .openapi({
        description:
          'Once completed: a link to the CSV that needs no token, valid for 15 minutes (ask ' +
          'again for a fresh one)',
      }),
  })
  .openapi('ContactExport', {
    example: {
      id: 9,
      status: 'completed',
      total_records: 1200,
      error: null,
      created_at: '2026-11-24T04:00:00.000Z',
      completed_at: '2026-11-24T04:00:05.000Z',
      download_url:
        'https://parley.example/downloads/contact_exports/9?account_id=1&expires=1795492805&signature=4f…',
    },
  })

export function toContactExport(
  row: ExportRow,
  downloadUrl: string | undefined,
): z.infer<typeof ContactExportSchema> {
  return {
    id: row.id,
    status: row.status,
    total_records: row.totalRecords,
    error: row.error,
    created_at: isoFromSeconds(row.createdAt),
    completed_at: row.completedAt === null ? null : isoFromSeconds(row.completedAt),
    ...(downloadUrl ? { download_url: downloadUrl } : {}),
  }
}

export const DownloadParamsSchema = z.object({
  export_id: IdSchema.openapi({ param: { name: 'export_id', in: 'path' }, example: 9 }),
})

// Checked in the handler: any malformed part is the same 403 as a wrong signature.
export const DownloadQuerySchema = z.object({
  account_id: z.string().max(20).optional().openapi({ example: '1' }),
  expires: z.string().max(20).optional().openapi({ example: '1795492805' }),
  signature: z.string().max(128).optional().openapi({ example: '4f2a…' }),
})
