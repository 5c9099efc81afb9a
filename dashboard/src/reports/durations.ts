/** Seconds as people read them, in the two largest units: "45 s", "5 m 12 s", "1 h 5 m", "2 d 3 h". */

export interface DurationUnits {
  d: string
  h: string
  m: string
  s: string
}

const STEPS: [keyof DurationUnits, number][] = [
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
]

/** A whole number of seconds (the API's averages may be fractional) in its two largest units. */
export function humanDuration(seconds: number, units: DurationUnits): string {
  let rest = Math.max(0, Math.round(seconds))
  if (rest === 0) return `0 ${units.s}`
  const parts: string[] = []
  for (const [unit, size] of STEPS) {
    const count = Math.floor(rest / size)
    rest -= count * size
    if (count > 0) parts.push(`${count} ${units[unit]}`)
    else if (parts.length > 0) break
    if (parts.length === 2) break
  }
  return parts.join(' ')
}
