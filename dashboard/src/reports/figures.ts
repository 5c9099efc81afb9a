import type { ReportsStrings } from '../i18n'
import { format } from '../i18n'
import type { SeriesKind } from './series'
import type { ReportFigures } from './types'

type FigureLabel =
  | 'conversations'
  | 'incoming'
  | 'outgoing'
  | 'resolutions'
  | 'firstResponse'
  | 'resolutionTime'
  | 'replyTime'

/** The summary's figures, in the order the cards and the CSV list them. */
export const FIGURES: { key: keyof ReportFigures; label: FigureLabel; kind: SeriesKind }[] = [
  { key: 'conversations_count', label: 'conversations', kind: 'count' },
  { key: 'incoming_messages_count', label: 'incoming', kind: 'count' },
  { key: 'outgoing_messages_count', label: 'outgoing', kind: 'count' },
  { key: 'resolutions_count', label: 'resolutions', kind: 'count' },
  { key: 'avg_first_response_time', label: 'firstResponse', kind: 'duration' },
  { key: 'avg_resolution_time', label: 'resolutionTime', kind: 'duration' },
  { key: 'reply_time', label: 'replyTime', kind: 'duration' },
]

/**
 * Whether an average figure of the summary has nothing behind it. The summary sends 0 then
 * (Chatwoot's wire shape), so its counts decide: no resolutions, no resolution time; no
 * outgoing messages, no first response or reply to time.
 */
export function nothingToAverage(figures: ReportFigures, key: keyof ReportFigures): boolean {
  if (figures[key] !== 0) return false
  if (key === 'avg_resolution_time') return figures.resolutions_count === 0
  if (key === 'avg_first_response_time' || key === 'reply_time') {
    return figures.outgoing_messages_count === 0
  }
  return false
}

/**
 * The change from the previous period in whole percent (12 for +12%); null when the previous
 * period had none to compare with and this one has some.
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null
  return Math.round(((current - previous) / previous) * 100)
}

/** The change as a card says it: "+12% vs previous period", "−5% vs …", "No change …". */
export function changeText(current: number, previous: number, t: ReportsStrings): string {
  const change = changePercent(current, previous)
  if (change === null) return t.upFromNothing
  if (change === 0) return t.noChange
  const signed = change > 0 ? `+${change}%` : `−${Math.abs(change)}%`
  return format(t.vsPrevious, { change: signed })
}
