// Issue: contacts CSV import and export. Import throughput for a 100,000-row file, from the
// upload to the import's completion through the real `parley-contact-jobs` queue of the local
// runtime, and the time to export those 100,000 contacts to R2 and download the file.
import { fmt } from './measure.mjs'
import { call, PLATFORM_TOKEN } from './worker.mjs'

const ROWS = 100_000

async function send(base, path, token, init) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { api_access_token: token, ...init?.headers },
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${text}`)
  return text
}

/** Polls a job until it has ended; its JSON and when it was seen ended. */
async function waitForJob(base, path, token) {
  for (;;) {
    const job = JSON.parse(await send(base, path, token))
    if (job.status === 'completed' || job.status === 'failed') return { job, at: performance.now() }
    await new Promise((r) => setTimeout(r, 250))
  }
}

export async function benchContacts(base) {
  const acc = await call(base, '/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name: 'Contacts bench' },
  })
  const user = await call(base, '/platform/api/v1/users', {
    token: PLATFORM_TOKEN,
    body: { name: 'Contacts admin', email: 'contacts-admin@bench.test' },
  })
  await call(base, `/platform/api/v1/accounts/${acc.json.id}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.json.id, role: 'administrator' },
  })
  const token = user.json.access_token
  const path = `/api/v1/accounts/${acc.json.id}/contacts`

  const lines = Array.from(
    { length: ROWS },
    (_, i) => `Person ${i},person${i}@bench.test,+1555${String(i).padStart(7, '0')},id-${i}`,
  )
  const csv = `name,email,phone_number,identifier\n${lines.join('\n')}\n`
  const form = new FormData()
  form.append('import_file', new File([csv], 'contacts.csv', { type: 'text/csv' }))
  const uploadStarted = performance.now()
  const created = JSON.parse(
    await send(base, `${path}/import`, token, { method: 'POST', body: form }),
  )
  const accepted = performance.now()
  const imported = await waitForJob(base, `${path}/imports/${created.id}`, token)
  const importSeconds = (imported.at - uploadStarted) / 1000

  const exportStarted = performance.now()
  const exportJob = JSON.parse(
    await send(base, `${path}/export`, token, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    }),
  )
  const exported = await waitForJob(base, `${path}/exports/${exportJob.id}`, token)
  const file = exported.job.download_url
    ? await (await fetch(exported.job.download_url)).text()
    : ''
  const downloaded = performance.now()

  return [
    `import of ${ROWS} rows (${fmt(csv.length / 1024 / 1024, 1)} MB): ${imported.job.status}, ` +
      `${imported.job.processed_records} applied, ${imported.job.failed_records} failed`,
    `upload checked and accepted in ${fmt(accepted - uploadStarted, 0)} ms`,
    `import throughput, upload to completion: ${fmt(ROWS / importSeconds, 0)} rows/s ` +
      `(${fmt(importSeconds, 1)} s; local queue batches wait up to max_batch_timeout = 1 s ` +
      'between steps of 10,000 rows)',
    `export of ${exported.job.total_records} contacts: ${exported.job.status} in ` +
      `${fmt((exported.at - exportStarted) / 1000, 1)} s, downloaded ` +
      `${fmt(file.length / 1024 / 1024, 1)} MB in ${fmt(downloaded - exported.at, 0)} ms`,
  ]
}
