import type { components } from '../api/schema'
import type { ReportPoint } from './types'

export type CsatAnswer = components['schemas']['CsatSurveyResponse']
export type CsatMetrics = components['schemas']['CsatMetrics']

/** Chatwoot's satisfied answers: rated 4 or 5. */
export const isSatisfied = (answer: Pick<CsatAnswer, 'rating'>) => answer.rating >= 4

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10

/**
 * The satisfaction score per period (percent of answers rated 4 or 5, `count` the answers),
 * over the periods that start at `periodStarts` (ascending, as the report's series has them).
 * An answer before the first period is left out.
 */
export function csatScoreSeries(answers: CsatAnswer[], periodStarts: number[]): ReportPoint[] {
  const counts = periodStarts.map(() => ({ answers: 0, satisfied: 0 }))
  for (const answer of answers) {
    let index = -1
    for (let i = 0; i < periodStarts.length; i++) {
      if ((periodStarts[i] as number) <= answer.created_at) index = i
      else break
    }
    const bucket = counts[index]
    if (!bucket) continue
    bucket.answers += 1
    if (isSatisfied(answer)) bucket.satisfied += 1
  }
  return periodStarts.map((timestamp, i) => {
    const bucket = counts[i] as { answers: number; satisfied: number }
    return { timestamp, value: percent(bucket.satisfied, bucket.answers), count: bucket.answers }
  })
}

export interface CsatAgentRow {
  /** Null: answers that came while no agent held the conversation. */
  id: number | null
  name: string | null
  count: number
  /** The average rating, one decimal. */
  average: number
  /** Percent of the agent's answers rated 4 or 5. */
  satisfaction: number
}

/** Each rated agent's answers: how many, the average rating and the satisfaction score; most answers first. */
export function csatAgentRows(answers: CsatAnswer[]): CsatAgentRow[] {
  const byAgent = new Map<number | null, { name: string | null; ratings: number[] }>()
  for (const answer of answers) {
    const id = answer.assigned_agent?.id ?? null
    const entry = byAgent.get(id) ?? {
      name: answer.assigned_agent?.available_name ?? null,
      ratings: [],
    }
    entry.ratings.push(answer.rating)
    byAgent.set(id, entry)
  }
  return [...byAgent.entries()]
    .map(([id, { name, ratings }]) => ({
      id,
      name,
      count: ratings.length,
      average: Math.round((ratings.reduce((s, r) => s + r, 0) / ratings.length) * 10) / 10,
      satisfaction: percent(ratings.filter((r) => r >= 4).length, ratings.length),
    }))
    .sort((a, b) => b.count - a.count || (a.name ?? '').localeCompare(b.name ?? ''))
}

/** The answers that carry a comment, newest first (as the API lists them). */
export const csatComments = (answers: CsatAnswer[]) =>
  answers.filter((answer) => (answer.feedback_message ?? '').trim() !== '')

/** One page (from 1) of `items`, `size` a page, and how many pages there are. */
export function pageOf<T>(items: T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size))
  const current = Math.min(Math.max(1, page), pages)
  return { items: items.slice((current - 1) * size, current * size), page: current, pages }
}
