import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { ContactJobs } from '../../../dashboard/src/contacts/ContactJobs'
import { FIRST_QUERY } from '../../../dashboard/src/contacts/types'
import { ACCOUNT, importJob, renderWith, services, settle, startImport } from './harness'

const base = `/api/v1/accounts/${ACCOUNT}/contacts`

/** The next answer waits until the test lets it go, so a state in between can be seen. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

describe('importing contacts', () => {
  it('sends the CSV as import_file, shows progress to completion and links the failed rows', async () => {
    const second = gate()
    let uploaded: FormDataEntryValue | null = null
    let polls = 0
    const { services: s } = services(async (url, request) => {
      if (url.pathname === `${base}/import` && request.method === 'POST') {
        uploaded = (await request.formData()).get('import_file')
        return Response.json(importJob({ status: 'pending' }), { status: 202 })
      }
      if (url.pathname === `${base}/imports/3`) {
        polls++
        if (polls === 1)
          return Response.json(
            importJob({ total_records: 5, processed_records: 2, failed_records: 1 }),
          )
        await second.opened
        return Response.json(
          importJob({
            status: 'completed',
            total_records: 5,
            processed_records: 4,
            failed_records: 1,
          }),
        )
      }
      return undefined
    })
    const onImported = vi.fn()
    await renderWith(
      s,
      <ContactJobs query={FIRST_QUERY} onImported={onImported} pollInterval={0} />,
    )
    startImport()
    await settle()

    expect((uploaded as File | null)?.name).toBe('people.csv')
    const bar = screen.getByRole('progressbar', { name: 'Import progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('3')
    expect(bar.getAttribute('aria-valuemax')).toBe('5')
    expect(screen.getByText('3 of 5 rows read: 2 imported, 1 failed')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true)
    expect(onImported).not.toHaveBeenCalled()

    second.open()
    await settle()
    expect(
      screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow'),
    ).toBe('5')
    expect(screen.getByText('5 of 5 rows read: 4 imported, 1 failed')).toBeTruthy()
    const failedRows = screen.getByRole('link', { name: 'Download the 1 failed rows' })
    expect(failedRows.getAttribute('href')).toBe(`${base}/imports/3/failed_rows`)
    expect(failedRows.hasAttribute('download')).toBe(true)
    const done = screen.getAllByRole('status').map((s) => s.textContent)
    expect(done).toContain('Import finished: 4 imported, 1 failed.')
    expect(onImported).toHaveBeenCalledTimes(1)
    expect(polls).toBe(2)
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false)
  })

  it("shows the API's message when the file is refused (422)", async () => {
    const { services: s } = services((url) =>
      url.pathname === `${base}/import`
        ? Response.json(
            { error: 'validation_failed', message: 'The CSV has no header row' },
            { status: 422 },
          )
        : undefined,
    )
    await renderWith(s, <ContactJobs query={FIRST_QUERY} onImported={vi.fn()} pollInterval={0} />)
    startImport()
    await settle()
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'The CSV has no header row',
    )
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('asks for a file before sending anything', async () => {
    const { services: s, requests } = services(() => undefined)
    await renderWith(s, <ContactJobs query={FIRST_QUERY} onImported={vi.fn()} pollInterval={0} />)
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    await settle()
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'Choose a CSV file first.',
    )
    expect(requests).toHaveLength(0)
  })

  it('says why an import failed', async () => {
    const { services: s } = services((url) => {
      if (url.pathname === `${base}/import`)
        return Response.json(importJob({ status: 'pending' }), { status: 202 })
      if (url.pathname === `${base}/imports/3`) {
        return Response.json(importJob({ status: 'failed', error: 'The file is not UTF-8' }))
      }
      return undefined
    })
    const onImported = vi.fn()
    await renderWith(
      s,
      <ContactJobs query={FIRST_QUERY} onImported={onImported} pollInterval={0} />,
    )
    startImport()
    await settle()
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'The import failed: The file is not UTF-8',
    )
    expect(onImported).toHaveBeenCalledTimes(1)
  })
})
