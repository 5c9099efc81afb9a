import { describe, expect, it } from 'vitest'
import {
  axisTicks,
  barsAcross,
  heightOf,
  labelledIndexes,
} from '../../../dashboard/src/reports/chart-scale'

describe('chart scales', () => {
  it('ticks counts in whole round steps up to a top at or above the highest value', () => {
    expect(axisTicks(31, 'count')).toEqual([0, 10, 20, 30, 40])
    expect(axisTicks(3, 'count')).toEqual([0, 1, 2, 3])
    expect(axisTicks(412, 'count')).toEqual([0, 200, 400, 600])
  })

  it('ticks durations in round seconds, minutes and hours', () => {
    expect(axisTicks(45, 'duration')).toEqual([0, 15, 30, 45])
    expect(axisTicks(3900, 'duration')).toEqual([0, 1800, 3600, 5400])
    expect(axisTicks(3 * 86_400, 'duration')).toEqual([0, 86_400, 172_800, 259_200])
  })

  it('draws an axis to 1 when every value is 0', () => {
    expect(axisTicks(0, 'count')).toEqual([0, 1])
    expect(axisTicks(0, 'duration')).toEqual([0, 1])
  })

  it('lays bars side by side across the width with gaps between them', () => {
    const bars = barsAcross(4, 400)
    expect(bars.map((b) => b.x)).toEqual([4, 104, 204, 304])
    expect(bars.every((b) => b.width === 92)).toBe(true)
    expect(barsAcross(0, 400)).toEqual([])
  })

  it('labels bars on a regular stride from the first, and the last bar too', () => {
    expect(labelledIndexes(3, 5)).toEqual([0, 1, 2])
    expect(labelledIndexes(7, 5)).toEqual([0, 2, 4, 6])
    expect(labelledIndexes(30, 5)).toEqual([0, 8, 16, 24, 29])
    // The stride's last label would crowd the last bar's: the last bar's takes its place.
    expect(labelledIndexes(18, 6)).toEqual([0, 4, 8, 12, 17])
  })

  it('scales a value to the axis top and never below the baseline', () => {
    expect(heightOf(20, 40, 160)).toBe(80)
    expect(heightOf(-3, 40, 160)).toBe(0)
  })
})
