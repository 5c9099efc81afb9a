import { SELF } from 'cloudflare:test'
import { accountDb, api, sendForm, type World } from '../../helpers'

export const jobsPath = (world: World, rest: string) =>
  `/api/v1/accounts/${world.accountId}/contacts${rest}`

/** Uploads `csv` (text or bytes) as the import_file of a new import. */
export function uploadCsv(
  world: World,
  csv: string | Uint8Array,
  token = world.admin.token,
  fileName = 'contacts.csv',
) {
  const form = new FormData()
  form.append('import_file', new File([csv], fileName, { type: 'text/csv' }))
  return sendForm(jobsPath(world, '/import'), token, form)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls a job through its route until it has ended (completed or failed). The queue runs for
 * real; `attempts` bounds the wait, and a job still running after it is returned as it is.
 */
async function waitForJob(path: string, token: string, attempts: number) {
  for (let i = 0; ; i++) {
    const res = await api(path, { token })
    if (res.status !== 200) throw new Error(`job: ${res.status} ${res.text}`)
    if (res.json.status === 'completed' || res.json.status === 'failed' || i >= attempts) {
      return res.json
    }
    await sleep(200)
  }
}

export const waitForImport = (world: World, id: number, attempts = 300) =>
  waitForJob(jobsPath(world, `/imports/${id}`), world.admin.token, attempts)

export const waitForExport = (world: World, id: number, attempts = 300) =>
  waitForJob(jobsPath(world, `/exports/${id}`), world.admin.token, attempts)

/** Imports `csv` and waits for the import to end. */
export async function importCsv(world: World, csv: string) {
  const res = await uploadCsv(world, csv)
  if (res.status !== 202) throw new Error(`import: ${res.status} ${res.text}`)
  return waitForImport(world, res.json.id)
}

/** Exports with `body`, waits for the export to end and downloads its file. */
export async function exportCsv(world: World, body: Record<string, unknown> = {}) {
  const res = await api(jobsPath(world, '/export'), { token: world.admin.token, body })
  if (res.status !== 202) throw new Error(`export: ${res.status} ${res.text}`)
  const job = await waitForExport(world, res.json.id)
  if (job.status !== 'completed') throw new Error(`export ended ${job.status}: ${job.error}`)
  const download = await fetchDownload(job.download_url)
  return { job, download }
}

/** Fetches a download link without any credential, as a browser following it would. */
export async function fetchDownload(url: string) {
  const res = await SELF.fetch(url)
  const text = await res.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, headers: res.headers, text, json }
}

export type StoredContact = {
  id: number
  name: string
  email: string | null
  phone_number: string | null
  identifier: string | null
  custom_attributes: Record<string, unknown>
}

/** The account's contacts as stored, in id order. */
export async function storedContacts(accountId: number): Promise<StoredContact[]> {
  const { results } = await (await accountDb(accountId))
    .prepare(
      'select id, name, email, phone_number, identifier, custom_attributes from contacts where account_id = ? order by id',
    )
    .bind(accountId)
    .all<StoredContact & { custom_attributes: string }>()
  return results.map((r) => ({ ...r, custom_attributes: JSON.parse(r.custom_attributes) }))
}
