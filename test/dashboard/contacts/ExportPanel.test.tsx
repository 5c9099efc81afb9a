import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { AccountContext } from '../../../dashboard/src/app/context'
import { ContactJobs } from '../../../dashboard/src/contacts/ContactJobs'
import { FIRST_QUERY } from '../../../dashboard/src/contacts/types'
import { ACCOUNT, labelsAnswer, renderPage, renderWith, services, settle } from './harness'

const base = `/api/v1/accounts/${ACCOUNT}/contacts`

describe('exporting contacts', () => {
  it('exports what the list selects and links the CSV once it is ready', async () => {
    let sent: unknown
    let polls = 0
    const { services: s } = services(async (url, request) => {
      if (url.pathname === `${base}/export` && request.method === 'POST') {
        sent = await request.json()
        return Response.json({ id: 9, status: 'pending' }, { status: 202 })
      }
      if (url.pathname === `${base}/exports/9`) {
        polls++
        const job = { id: 9, total_records: 2, error: null, created_at: '2026-11-24T04:00:00.000Z' }
        return Response.json(
          polls === 1
            ? { ...job, status: 'processing', completed_at: null }
            : {
                ...job,
                status: 'completed',
                completed_at: '2026-11-24T04:00:02.000Z',
                download_url: 'https://parley.test/downloads/contact_exports/9?signature=abc',
              },
        )
      }
      return undefined
    })
    const query = { ...FIRST_QUERY, q: 'acme', label: '' }
    await renderWith(s, <ContactJobs query={query} onImported={vi.fn()} pollInterval={0} />)
    expect(screen.getByText('The contacts matching “acme”, as a CSV file.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Export' }))
    await settle()
    expect(sent).toEqual({ q: 'acme' })
    const link = screen.getByRole('link', { name: 'Download CSV' })
    expect(link.getAttribute('href')).toBe(
      'https://parley.test/downloads/contact_exports/9?signature=abc',
    )
    expect(screen.getAllByRole('status').map((x) => x.textContent)).toContain(
      'The export is ready.',
    )
    expect(polls).toBe(2)
  })

  it('exports by label when the list is filtered by one', async () => {
    let sent: unknown
    const { services: s } = services(async (url, request) => {
      if (url.pathname === `${base}/export`) {
        sent = await request.json()
        return Response.json({ id: 9, status: 'pending' }, { status: 202 })
      }
      if (url.pathname === `${base}/exports/9`) {
        return Response.json({
          id: 9,
          status: 'failed',
          total_records: 0,
          error: 'Storage is unavailable',
          created_at: '2026-11-24T04:00:00.000Z',
          completed_at: null,
        })
      }
      return undefined
    })
    await renderWith(
      s,
      <ContactJobs
        query={{ ...FIRST_QUERY, label: 'vip' }}
        onImported={vi.fn()}
        pollInterval={0}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Export' }))
    await settle()
    expect(sent).toEqual({ label: 'vip' })
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'The export failed: Storage is unavailable',
    )
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull()
  })
  it("drops a finished export's link when the list's filters change", async () => {
    const { services: s } = services((url) => {
      if (url.pathname === `${base}/export`) {
        return Response.json({ id: 9, status: 'pending' }, { status: 202 })
      }
      if (url.pathname === `${base}/exports/9`) {
        return Response.json({
          id: 9,
          status: 'completed',
          total_records: 1,
          error: null,
          created_at: '2026-11-24T04:00:00.000Z',
          completed_at: '2026-11-24T04:00:01.000Z',
          download_url: 'https://parley.test/downloads/contact_exports/9?signature=abc',
        })
      }
      return undefined
    })
    const jobs = (label: string) => (
      <AccountContext.Provider value={s}>
        <ContactJobs query={{ ...FIRST_QUERY, label }} onImported={vi.fn()} pollInterval={0} />
      </AccountContext.Provider>
    )
    const view = await renderWith(s, <div />)
    view.rerender(jobs('vip'))
    fireEvent.click(screen.getByRole('button', { name: 'Export' }))
    await settle()
    expect(screen.getByRole('link', { name: 'Download CSV' })).toBeTruthy()
    view.rerender(jobs('billing'))
    await settle()
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull()
    expect(screen.getByText('The contacts labelled billing, as a CSV file.')).toBeTruthy()
  })
})

describe('import and export by role', () => {
  it('an agent sees the contacts but no import or export, and is told they are for administrators', async () => {
    const { services: s } = services((url) => {
      if (url.pathname.endsWith('/labels')) return labelsAnswer()
      if (url.pathname === base)
        return Response.json({ meta: { count: 0, current_page: 1 }, payload: [] })
      return undefined
    })
    await renderPage({ ...s, isAdministrator: false })
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull()
    expect(screen.queryByLabelText('CSV file')).toBeNull()
    expect(
      screen.getByText('Importing and exporting contacts is for administrators of this account.'),
    ).toBeTruthy()
  })

  it('an administrator sees import and export below the list', async () => {
    const { services: s } = services((url) => {
      if (url.pathname.endsWith('/labels')) return labelsAnswer()
      if (url.pathname === base)
        return Response.json({ meta: { count: 0, current_page: 1 }, payload: [] })
      return undefined
    })
    await renderPage(s)
    const jobs = screen.getByRole('region', { name: 'Import and export' })
    expect(within(jobs).getByRole('button', { name: 'Import' })).toBeTruthy()
    expect(within(jobs).getByRole('button', { name: 'Export' })).toBeTruthy()
  })
})
