export type ColorScheme = 'light' | 'dark' | 'auto'

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

/** Accepts #rgb and #rrggbb only, so an inbox setting can never inject other CSS. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value)
}

function channel(c: number): number {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.replace(/\w/g, (d) => d + d) : hex
  const n = Number.parseInt(h.slice(1), 16)
  return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}

/**
 * Black or white, whichever contrasts more with the brand colour: one of them always reaches
 * 4.5:1 (WCAG AA for text), whatever colour the inbox picked.
 */
export function readableOn(hex: string): '#000000' | '#ffffff' {
  const l = luminance(hex)
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff'
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
