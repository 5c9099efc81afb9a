/** The arithmetic of a bar chart: round axis ticks, bar positions, which bars get a label. */

import type { SeriesKind } from './series'

/** Round steps for counts: 1, 2, 5, 10, 20, 50 … */
function countStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough))
  const scaled = rough / power
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power
}

/** Round steps for durations in seconds: whole seconds, minutes, hours, then days. */
const DURATION_STEPS = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400,
]

function durationStep(rough: number): number {
  const step = DURATION_STEPS.find((s) => s >= rough)
  return step ?? Math.ceil(rough / 86_400) * 86_400
}

/**
 * Ticks from 0 to a round top at or above `max`, about `count` steps apart: whole numbers for
 * counts, round durations for seconds.
 */
export function axisTicks(max: number, kind: SeriesKind, count = 4): number[] {
  if (!(max > 0)) return [0, 1]
  const rough = max / count
  const step = kind === 'duration' ? durationStep(rough) : Math.max(1, countStep(rough))
  const top = Math.ceil(max / step) * step
  const ticks: number[] = []
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(value)
  return ticks
}

export interface Bar {
  x: number
  width: number
}

/** `n` bars side by side across `width`, with gaps a quarter of a slot (at least 1 unit wide). */
export function barsAcross(n: number, width: number): Bar[] {
  if (n === 0) return []
  const slot = width / n
  const gap = Math.min(slot / 4, 8)
  return Array.from({ length: n }, (_, i) => ({
    x: i * slot + gap / 2,
    width: Math.max(slot - gap, 1),
  }))
}

/**
 * At most `most` indexes on a regular stride from the first (the bars that get a label), the
 * last bar labelled too: it takes the place of the stride's last when that is too close to it.
 */
export function labelledIndexes(n: number, most: number): number[] {
  if (n <= most) return Array.from({ length: n }, (_, i) => i)
  if (most <= 1) return [0]
  const stride = Math.ceil((n - 1) / (most - 1))
  const picked: number[] = []
  for (let i = 0; i < n; i += stride) picked.push(i)
  const last = picked[picked.length - 1] as number
  if (last !== n - 1) {
    if (n - 1 - last < stride / 2) picked.pop()
    picked.push(n - 1)
  }
  return picked
}

/** The height of `value` on an axis whose top tick is `top`, for a plot `height` high. */
export const heightOf = (value: number, top: number, height: number) =>
  top > 0 ? (Math.max(0, value) / top) * height : 0
