import { resolveObjectURL } from 'node:buffer'
import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderReports, reportsServer, settle } from './harness'

// Noon UTC on 23 Nov 2026: the same calendar day in any offset between −11 and +11 hours.
const NOW = Date.parse('2026-11-23T12:00:00Z')
const offset = () => -new Date(NOW).getTimezoneOffset() / 60 || 0
/** Midnight at the start of a November 2026 day in the test's offset, in unix seconds. */
const midnight = (day: number) => Date.UTC(2026, 10, day) / 1000 - offset() * 3600

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => {
  vi.useRealTimers()
})

const reportCalls = (calls: ReturnType<typeof reportsServer>['calls']) =>
  calls.filter((c) => c.path.startsWith('/api/v2/'))

describe('the reports page', () => {
  it("asks for the last 7 days by day in the reader's offset, for the account", async () => {
    const { api, calls } = reportsServer()
    await renderReports(api)
    const asked = reportCalls(calls)
    expect(asked.map((c) => c.path.replace('/api/v2/accounts/1', '')).sort()).toEqual([
      '/reports',
      '/reports',
      '/reports',
      '/reports/summary',
      '/summary_reports/agent',
    ])
    for (const call of asked) {
      expect(call.query.get('since')).toBe(String(midnight(17)))
      expect(call.query.get('until')).toBe(String(midnight(24)))
    }
    const series = asked.filter((c) => c.path.endsWith('/reports'))
    expect(series.map((c) => c.query.get('metric')).sort()).toEqual([
      'avg_first_response_time',
      'avg_resolution_time',
      'conversations_count',
    ])
    for (const call of [...series, asked.find((c) => c.path.endsWith('/summary'))!]) {
      expect(call.query.get('type')).toBe('account')
      expect(call.query.get('timezone_offset')).toBe(String(offset()))
    }
    expect(series.every((c) => c.query.get('group_by') === 'day')).toBe(true)
  })

  it('shows each summary figure with its change against the previous period', async () => {
    const { api } = reportsServer()
    await renderReports(api)
    const card = (name: string) => {
      const term = screen.getByText(name, { selector: 'dt' })
      return [...(term.parentElement?.querySelectorAll('dd') ?? [])].map((d) => d.textContent)
    }
    expect(card('Conversations')).toEqual(['12', '+20% vs previous period'])
    expect(card('Average first response')).toEqual(['1 h 5 m', '−20% vs previous period'])
    expect(card('Reply time')).toEqual(['45 s', 'Up from none in previous period'])
    expect(card('Resolutions')).toEqual(['0', 'No change from previous period'])
    expect(screen.getByRole('status').textContent).toBe('Report for 17 Nov – 23 Nov.')
  })

  it('draws each chart as an image named by its heading and description, with its data table', async () => {
    const { api } = reportsServer()
    await renderReports(api)
    const chart = screen.getByRole('img', {
      name: 'Conversations per day, 17 Nov – 23 Nov: total 12, peak 7 on 23 Nov.',
    })
    expect(chart.tagName.toLowerCase()).toBe('svg')
    expect(chart.querySelectorAll('rect')).toHaveLength(2)
    const table = screen.getByRole('table', { name: 'Conversations per day, 17 Nov – 23 Nov' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent))
    expect(rows[0]).toEqual(['Period', 'Conversations'])
    expect(rows[1]).toEqual(['17 Nov 2026', '5'])
    expect(rows.at(-1)).toEqual(['23 Nov 2026', '7'])
    expect(rows).toHaveLength(8)
    const firstResponse = screen.getByRole('table', { name: /^First response time per day/ })
    expect(within(firstResponse).getAllByRole('row')[1]?.textContent).toBe('17 Nov 20261 m1')
    expect(
      screen.getByRole('img', { name: /^Resolution time per day, .*: average 1 m, longest 1 m/ }),
    ).toBeTruthy()
  })

  it('keeps a data table in the page while hidden, and shows it on request', async () => {
    const { api } = reportsServer()
    await renderReports(api)
    const [toggle] = screen.getAllByRole('button', { name: 'Show data table' })
    const region = document.getElementById(toggle!.getAttribute('aria-controls') ?? '')
    expect(region?.className).toBe('visually-hidden')
    expect(region?.querySelector('table')).toBeTruthy()
    fireEvent.click(toggle!)
    expect(toggle!.getAttribute('aria-expanded')).toBe('true')
    expect(toggle!.textContent).toBe('Hide data table')
    expect(region?.className).toBe('report-table-scroll')
    expect(region?.tabIndex).toBe(0)
  })

  it('asks again for the range and grouping chosen, custom days included', async () => {
    const { api, calls } = reportsServer()
    await renderReports(api)
    calls.length = 0
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: 'last30' } })
    await settle()
    let summary = calls.find((c) => c.path.endsWith('/reports/summary'))
    expect(summary?.query.get('since')).toBe(String(midnight(24) - 30 * 86_400))
    expect(summary?.query.get('until')).toBe(String(midnight(24)))

    calls.length = 0
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'week' } })
    await settle()
    const series = calls.filter((c) => c.path.endsWith('/reports'))
    expect(series).toHaveLength(3)
    expect(series.every((c) => c.query.get('group_by') === 'week')).toBe(true)

    fireEvent.change(screen.getByLabelText('Range'), { target: { value: 'custom' } })
    await settle()
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-25')
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-23')
    calls.length = 0
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02' } })
    await settle()
    summary = calls.filter((c) => c.path.endsWith('/reports/summary')).at(-1)
    expect(summary?.query.get('since')).toBe(String(midnight(1)))
    expect(summary?.query.get('until')).toBe(String(midnight(3)))
    expect(summary?.query.get('timezone_offset')).toBe(String(offset()))
  })

  it('says custom days the wrong way round are wrong and keeps the report on screen', async () => {
    const { api, calls } = reportsServer()
    await renderReports(api)
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: 'custom' } })
    await settle()
    calls.length = 0
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } })
    await settle()
    expect(calls).toHaveLength(0)
    const error = screen.getByText('Choose a start date on or before the end date.')
    expect(error.getAttribute('role')).toBe('alert')
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('img', { name: /^Conversations per day/ })).toBeTruthy()
  })

  it("lists each agent's figures by name, sortable by a column's header", async () => {
    const { api } = reportsServer()
    await renderReports(api)
    const table = screen.getByRole('table', { name: 'Agents' })
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent)
    expect(names()).toEqual(['Ada', 'Ben Bitdiddle'])
    expect(within(table).getAllByRole('row')[2]?.textContent).toBe(
      'Ben Bitdiddle43—No data—No data—No data',
    )
    const header = within(table).getByRole('columnheader', { name: /Avg first response/ })
    expect(header.getAttribute('aria-sort')).toBeNull()
    fireEvent.click(within(header).getByRole('button'))
    expect(header.getAttribute('aria-sort')).toBe('descending')
    fireEvent.click(within(table).getByRole('button', { name: /^Agent/ }))
    fireEvent.click(within(table).getByRole('button', { name: /^Agent/ }))
    expect(names()).toEqual(['Ben Bitdiddle', 'Ada'])
    expect(
      within(table).getByRole('columnheader', { name: /Agent/ }).getAttribute('aria-sort'),
    ).toBe('descending')
  })

  it('offers the CSV of the report as a download named after its days', async () => {
    const { api } = reportsServer()
    await renderReports(api)
    const link = screen.getByRole('link', { name: 'Download CSV' })
    expect(link.getAttribute('download')).toBe('parley-report-2026-11-17-2026-11-23.csv')
    // The link's object URL is Node's here (happy-dom leaves URL to it): read its Blob back.
    const blob = await resolveObjectURL(link.getAttribute('href')!)?.text()
    expect(blob).toContain('Conversations,12,10,20\r\n')
    expect(blob).toContain('Ada,8,6,90,7200,30\r\n')
  })

  it("shows the API's message when the report cannot load, and tries again on request", async () => {
    const { api, calls } = reportsServer({ fail: 'Reports are resting' })
    await renderReports(api)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Reports are resting')
    calls.length = 0
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await settle()
    expect(calls.some((c) => c.path.endsWith('/reports/summary'))).toBe(true)
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true)
  })

  it('tells an agent that reports are for administrators and asks nothing of the API', async () => {
    const { api, calls } = reportsServer()
    await renderReports(api, { isAdministrator: false })
    expect(
      screen.getByRole('heading', { level: 1, name: 'Reports are for administrators' }),
    ).toBeTruthy()
    expect(calls).toHaveLength(0)
  })
})
