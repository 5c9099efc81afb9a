import { useEffect, useRef, useState } from 'preact/hooks'
import { useStrings } from '../i18n/context'
import { axisTicks, barsAcross, heightOf, labelledIndexes } from './chart-scale'
import { periodTick, type SeriesKind, shownValue } from './series'
import type { ReportPoint, ReportQuery } from './types'

/**
 * The drawing's units are the box's pixels once measured (so its text stays 12 px on a phone and
 * on a wide screen alike); until then it is drawn 480 wide and scaled by its viewBox.
 */
const FIRST_WIDTH = 480
const CHART_HEIGHT = 200
const LEFT = 64
const RIGHT = 8
const TOP = 10
const BOTTOM = 26
const PLOT_HEIGHT = CHART_HEIGHT - TOP - BOTTOM
/** Room for one label under the bars ("30 Nov", "Nov 2026"), so labels never collide. */
const LABEL_ROOM = 72

/** The width of the element `ref` is on, in whole pixels, followed as it changes. */
function useWidth(first: number) {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(first)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0)
      if (measured > LEFT + RIGHT) setWidth(measured)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

export interface BarChartProps {
  points: ReportPoint[]
  kind: SeriesKind
  query: ReportQuery
  /** The ids of what names the chart: its heading and its description. */
  labelledBy: string
}

/**
 * One bar per period, over a value axis with round ticks (counts, or durations such as "30 m").
 * An image to assistive technology: its name says what it shows, its table beside it the data.
 */
export function BarChart({ points, kind, query, labelledBy }: BarChartProps) {
  const t = useStrings().reports
  const { ref, width } = useWidth(FIRST_WIDTH)
  const plotWidth = width - LEFT - RIGHT
  const top = Math.max(...points.map((p) => p.value), 0)
  const ticks = axisTicks(top, kind)
  const axisTop = ticks[ticks.length - 1] ?? 1
  const bars = barsAcross(points.length, plotWidth)
  const baseline = TOP + PLOT_HEIGHT
  const labels = labelledIndexes(points.length, Math.max(2, Math.floor(plotWidth / LABEL_ROOM)))
  return (
    <div class="report-chart" ref={ref}>
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby (heading, description) */}
      <svg
        role="img"
        aria-labelledby={labelledBy}
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <g class="report-chart-grid">
          {ticks.map((tick) => {
            const y = baseline - heightOf(tick, axisTop, PLOT_HEIGHT)
            return (
              <g key={tick}>
                <line x1={LEFT} x2={width - RIGHT} y1={y} y2={y} />
                <text x={LEFT - 6} y={y} text-anchor="end" dominant-baseline="middle">
                  {shownValue(tick, kind, t)}
                </text>
              </g>
            )
          })}
        </g>
        <g class="report-chart-bars">
          {points.map((point, i) => {
            const bar = bars[i]
            const height = heightOf(point.value, axisTop, PLOT_HEIGHT)
            if (!bar || height === 0) return null
            return (
              <rect
                key={point.timestamp}
                x={LEFT + bar.x}
                y={baseline - height}
                width={bar.width}
                height={height}
              />
            )
          })}
        </g>
        <line class="report-chart-axis" x1={LEFT} x2={width - RIGHT} y1={baseline} y2={baseline} />
        <g class="report-chart-ticks">
          {labels.map((i) => {
            const point = points[i]
            const bar = bars[i]
            if (!point || !bar) return null
            const anchor = i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'
            const x =
              anchor === 'start'
                ? LEFT + bar.x
                : anchor === 'end'
                  ? LEFT + bar.x + bar.width
                  : LEFT + bar.x + bar.width / 2
            return (
              <text key={point.timestamp} x={x} y={baseline + 17} text-anchor={anchor}>
                {periodTick(point.timestamp, query, t)}
              </text>
            )
          })}
        </g>
      </svg>
    </div>
  )
}
