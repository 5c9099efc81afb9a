import { screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { nothingToAverage } from '../../../dashboard/src/reports/figures'
import { figures } from './fixtures'
import { renderReports, reportsServer } from './harness'

describe('figures with nothing behind them', () => {
  it('are the zero averages whose counts are zero, not a real 0 s', () => {
    const empty = figures()
    expect(nothingToAverage(empty, 'avg_first_response_time')).toBe(true)
    expect(nothingToAverage(empty, 'avg_resolution_time')).toBe(true)
    expect(nothingToAverage(empty, 'reply_time')).toBe(true)
    expect(nothingToAverage(empty, 'conversations_count')).toBe(false)
    const busy = figures({ outgoing_messages_count: 3, resolutions_count: 2 })
    expect(nothingToAverage(busy, 'avg_first_response_time')).toBe(false)
    expect(nothingToAverage(busy, 'avg_resolution_time')).toBe(false)
    expect(nothingToAverage(figures({ avg_resolution_time: 60 }), 'avg_resolution_time')).toBe(
      false,
    )
  })

  it('show a dash read as "No data" in the agents table and the summary, never "0 s"', async () => {
    const { api } = reportsServer()
    await renderReports(api)
    const table = screen.getByRole('table', { name: 'Agents' })
    const ben = within(table).getByRole('row', { name: /Ben Bitdiddle/ })
    const cells = within(ben).getAllByRole('cell')
    for (const cell of cells.slice(2)) {
      expect(within(cell).getByText('No data').className).toBe('visually-hidden')
      expect(within(cell).getByText('—').getAttribute('aria-hidden')).toBe('true')
      expect(cell.textContent).not.toContain('0 s')
    }
    const card = screen.getByText('Average resolution', { selector: 'dt' }).parentElement
    expect(card?.querySelector('.report-figure')?.textContent).toBe('—No data')
  })
})
