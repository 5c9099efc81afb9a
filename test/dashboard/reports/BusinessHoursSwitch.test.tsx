import { resolveObjectURL } from 'node:buffer'
import { fireEvent, screen } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderReports, reportsServer, settle } from './harness'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const PAGE = '/app/accounts/1/reports/overview'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  history.replaceState(null, '', PAGE)
})
afterEach(() => {
  vi.useRealTimers()
  history.replaceState(null, '', '/')
})

type Calls = ReturnType<typeof reportsServer>['calls']

/** The report's requests for a time figure: the summary, the agents' and the two time series. */
const timeFigureCalls = (calls: Calls) =>
  calls.filter(
    (c) =>
      c.path.endsWith('/reports/summary') ||
      c.path.endsWith('/summary_reports/agent') ||
      (c.path.endsWith('/reports') && c.query.get('metric') !== 'conversations_count'),
  )

const theSwitch = () => screen.getByRole('switch', { name: 'Business hours only' })

describe("the reports page's business hours switch", () => {
  it('is off at first, and no request asks for business hours', async () => {
    const { api, calls } = reportsServer()
    await renderReports(api)
    expect((theSwitch() as HTMLInputElement).checked).toBe(false)
    expect(timeFigureCalls(calls)).toHaveLength(4)
    expect(calls.filter((c) => c.query.has('business_hours'))).toEqual([])
  })

  it('asks again for every time figure with business_hours=true once turned on, and not once off', async () => {
    const { api, calls } = reportsServer()
    await renderReports(api)
    calls.length = 0
    fireEvent.click(theSwitch())
    await settle()
    expect((theSwitch() as HTMLInputElement).checked).toBe(true)
    const asked = timeFigureCalls(calls)
    expect(asked.map((c) => c.path.replace('/api/v2/accounts/1', '')).sort()).toEqual([
      '/reports',
      '/reports',
      '/reports/summary',
      '/summary_reports/agent',
    ])
    expect(
      asked.filter((c) => c.path.endsWith('/reports')).map((c) => c.query.get('metric')),
    ).toEqual(expect.arrayContaining(['avg_first_response_time', 'avg_resolution_time']))
    for (const call of asked) expect(call.query.get('business_hours')).toBe('true')
    // A count has no hours to leave out.
    const counts = calls.filter((c) => c.query.get('metric') === 'conversations_count')
    expect(counts.every((c) => !c.query.has('business_hours'))).toBe(true)

    calls.length = 0
    fireEvent.click(theSwitch())
    await settle()
    expect(timeFigureCalls(calls)).toHaveLength(4)
    expect(calls.filter((c) => c.query.has('business_hours'))).toEqual([])
  })

  it('keeps the choice in the page address, so a reload keeps it', async () => {
    const { api } = reportsServer()
    const page = await renderReports(api)
    fireEvent.click(theSwitch())
    await settle()
    expect(location.pathname).toBe(PAGE)
    expect(new URLSearchParams(location.search).get('business_hours')).toBe('true')
    page.unmount()

    const reloaded = reportsServer()
    await renderReports(reloaded.api)
    expect((theSwitch() as HTMLInputElement).checked).toBe(true)
    const asked = timeFigureCalls(reloaded.calls)
    expect(asked).toHaveLength(4)
    for (const call of asked) expect(call.query.get('business_hours')).toBe('true')

    fireEvent.click(theSwitch())
    await settle()
    expect(location.search).toBe('')
  })

  it('says in one sentence what it counts, and the CSV says its times are business hours', async () => {
    const { api } = reportsServer()
    await renderReports(api)
    const hint = document.getElementById(theSwitch().getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toBe(
      "Times then count only each inbox's working hours (inboxes without working hours count every hour).",
    )
    fireEvent.click(theSwitch())
    await settle()
    const link = screen.getByRole('link', { name: 'Download CSV' })
    const csv = await resolveObjectURL(link.getAttribute('href')!)?.text()
    expect(csv).toContain('\r\nBusiness hours only\r\n')
  })
})
