import { type ApiClient, unwrap } from '../api/client'
import type { components } from '../api/schema'
import type { ContactQuery } from './types'

export type ContactImport = components['schemas']['ContactImport']
export type ContactExport = components['schemas']['ContactExport']
export type ContactExportInput = components['schemas']['ContactExportInput']

/** A job is done polling once it has completed or failed. */
export const finished = (job: { status: string }) =>
  job.status === 'completed' || job.status === 'failed'

/** Sends the CSV as multipart `import_file`; answers the pending import. */
export function startImport(api: ApiClient, accountId: number, file: File) {
  const form = new FormData()
  form.append('import_file', file, file.name)
  return unwrap(
    api.POST('/api/v1/accounts/{account_id}/contacts/import', {
      params: { path: { account_id: accountId } },
      // openapi-fetch passes FormData through untouched (the browser sets the boundary).
      body: form as never,
    }),
  )
}

export function readImport(api: ApiClient, accountId: number, importId: number) {
  return unwrap(
    api.GET('/api/v1/accounts/{account_id}/contacts/imports/{import_id}', {
      params: { path: { account_id: accountId, import_id: importId } },
    }),
  )
}

/** The failed rows' CSV: a same-origin link, so the session cookie goes with the download. */
export const failedRowsPath = (accountId: number, importId: number) =>
  `/api/v1/accounts/${accountId}/contacts/imports/${importId}/failed_rows`

/** What the list shows, as the export's filters: a search, else a label, else everyone. */
export function exportFilters(query: ContactQuery): ContactExportInput {
  const q = query.q.trim()
  if (q) return { q }
  return query.label ? { label: query.label } : {}
}

export async function startExport(api: ApiClient, accountId: number, input: ContactExportInput) {
  const created = await unwrap(
    api.POST('/api/v1/accounts/{account_id}/contacts/export', {
      params: { path: { account_id: accountId } },
      body: input,
    }),
  )
  return created
}

export function readExport(api: ApiClient, accountId: number, exportId: number) {
  return unwrap(
    api.GET('/api/v1/accounts/{account_id}/contacts/exports/{export_id}', {
      params: { path: { account_id: accountId, export_id: exportId } },
    }),
  )
}
