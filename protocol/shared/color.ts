export type ColorScheme = 'light' | 'dark' | 'auto'

/** Accepts #rgb and #rrggbb only, so an inbox setting can never inject other CSS. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#([0-9a-f]{3}){1,2}$/i.test(value)
}

/** WCAG relative luminance of #rgb / #rrggbb. */
function luminance(hex: string): number {
  const rrggbb = hex.length < 5 ? hex.replace(/\w/g, '$&$&') : hex
  return [0.2126, 0.7152, 0.0722].reduce((sum, weight, i) => {
    const c = Number.parseInt(rrggbb.slice(i * 2 + 1, i * 2 + 3), 16) / 255
    return sum + weight * (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  }, 0)
}

/**
 * Black or white, whichever contrasts more with the brand colour: one of them always reaches
 * 4.5:1 (WCAG AA for text), whatever colour the inbox picked. Black wins when
 * (l + 0.05) / 0.05 > 1.05 / (l + 0.05), that is when (l + 0.05)² > 0.0525. It is in the loader,
 * so it takes each channel to the power 2.2 instead of the exact sRGB curve: over all 16.7
 * million colours, what it picks still reaches 4.52:1 at worst, at #008095 (checked once, by
 * brute force; test/widget/loader samples the colour space and checks that one).
 */
export function readableOn(hex: string): '#000000' | '#ffffff' {
  const rrggbb = hex.length < 5 ? hex.replace(/\w/g, '$&$&') : hex
  const l = [0.2126, 0.7152, 0.0722].reduce(
    (sum, weight, i) =>
      // parseInt, not Number.parseInt: the same function, 7 bytes shorter on every page view.
      sum + weight * (parseInt(rrggbb.slice(i * 2 + 1, i * 2 + 3), 16) / 255) ** 2.2,
    0,
  )
  return (l + 0.05) ** 2 > 0.0525 ? '#000000' : '#ffffff'
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
