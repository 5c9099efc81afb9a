import { describe, expect, it } from 'vitest'
import { reportsEn as t } from '../../../dashboard/src/i18n/reports.en'
import { csvCell, csvFileName, csvText, reportCsv } from '../../../dashboard/src/reports/csv'
import { smallReport } from './fixtures'

const SECTIONS = [
  { metric: 'conversations_count' as const, title: 'Conversations', valueLabel: 'Conversations' },
  {
    metric: 'avg_first_response_time' as const,
    title: 'First response time',
    valueLabel: 'First response time',
    countLabel: 'First responses',
  },
]

describe('CSV cells', () => {
  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })

  it('neutralises text a spreadsheet would run as a formula, but writes numbers as numbers', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)")
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@cmd')).toBe("'@cmd")
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`)
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(null)).toBe('')
  })

  it('ends every row with CRLF', () => {
    expect(csvText([['a', 1], [], ['b']])).toBe('a,1\r\n\r\nb\r\n')
  })
})

describe('the report CSV', () => {
  it('holds the range, the summary, each series by ISO day in the offset and the agents', () => {
    const report = smallReport()
    const agents = [
      { name: '=Evil, "Agent"', report: report.agents[0]! },
      { name: 'Zoë', report: report.agents[1]! },
    ]
    expect(reportCsv(report, SECTIONS, agents, t).split('\r\n')).toEqual([
      'Range,2026-11-01,2026-11-03,UTC−5',
      '',
      'Summary',
      'Metric,Value,Previous period,Change (%)',
      'Conversations,12,10,20',
      'Incoming messages,30,40,-25',
      'Outgoing messages,25,0,',
      'Resolutions,9,9,0',
      'Average first response (seconds),3900,3900,0',
      'Average resolution (seconds),7200,3600,100',
      'Reply time (seconds),45,60,-25',
      '',
      'Conversations per day',
      'Period start,Conversations',
      '2026-11-01,5',
      '2026-11-02,0',
      '2026-11-03,7',
      '',
      'First response time per day',
      'Period start,First response time (seconds),First responses',
      '2026-11-01,60,1',
      '2026-11-02,0,0',
      '2026-11-03,121,3',
      '',
      'Agents',
      'Agent,Conversations,Resolved,Avg first response (seconds),Avg resolution (seconds),Avg reply time (seconds)',
      `"'=Evil, ""Agent""",8,6,91,7200,30`,
      'Zoë,4,3,,,',
      '',
    ])
  })

  it('names the file after the first and last day', () => {
    expect(csvFileName(smallReport())).toBe('parley-report-2026-11-01-2026-11-03.csv')
  })
})
