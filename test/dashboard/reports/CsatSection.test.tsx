import { screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { ACCOUNT, renderReports, reportsServer } from './harness'

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent)

describe('the reports CSAT section', () => {
  it('shows the range’s answers, score and response rate from the metrics, for the range on screen', async () => {
    const { api, calls } = reportsServer()
    await renderReports(api)
    const section = screen.getByRole('region', { name: 'Customer satisfaction' })
    const card = (label: string) =>
      within(section).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')
        ?.textContent
    expect(card('Answers')).toBe('3')
    expect(card('Satisfaction score')).toBe('66.67%')
    expect(card('Response rate')).toBe('75%')
    expect(card('Surveys sent')).toBe('4')
    const summary = calls.find((c) => c.path.endsWith('/reports/summary'))
    const metrics = calls.find((c) => c.path.endsWith('/csat_survey_responses/metrics'))
    expect(metrics?.query.get('since')).toBe(summary?.query.get('since'))
    expect(metrics?.query.get('until')).toBe(summary?.query.get('until'))
  })

  it('draws the satisfaction score per day, the answers of the last day in its last period', async () => {
    const { api } = reportsServer()
    await renderReports(api)
    expect(
      screen.getByRole('img', { name: /^Satisfaction score per day, .*: 66\.7% satisfied/ }),
    ).toBeTruthy()
    const table = screen.getByRole('table', { name: /^Satisfaction score per day/ })
    const last = rows(table).at(-1)
    expect(last).toMatch(/66\.7%3$/)
    expect(rows(table)[1]).toMatch(/—0$/)
  })

  it('lists each agent’s answers, average and score, and the comments with a link to the conversation', async () => {
    const { api } = reportsServer()
    await renderReports(api)
    const agents = screen.getByRole('table', { name: 'Satisfaction per agent' })
    expect(rows(agents).slice(1)).toEqual(['Ada23.5 of 550%', 'No agent15 of 5100%'])
    const comments = screen.getByRole('table', { name: 'Comments' })
    expect(rows(comments)).toHaveLength(2)
    expect(rows(comments)[1]).toContain('5 of 5Lovely helpRitaAda')
    const link = within(comments).getByRole('link', { name: 'Conversation #41' })
    expect(link.getAttribute('href')).toBe(`/app/accounts/${ACCOUNT}/conversations/41`)
  })
})
