/** At most this many chips show; the rest are counted as "+N". */
export const MAX_CHIPS = 3

/**
 * The text colour that reads on a label's colour: black or white, whichever contrasts more
 * (WCAG relative luminance), so every chip stays at or above 4.5:1.
 */
export function chipTextColor(background: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(background.trim())?.[1]
  if (!hex) return '#000000'
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
  return luminance > 0.179 ? '#000000' : '#ffffff'
}

/**
 * A conversation's labels as chips in their colours (neutral when the colour is unknown),
 * bounded to `max` and "+N". The list is labelled so screen readers hear "Labels: …".
 */
export function LabelChips(props: {
  titles: readonly string[]
  colors?: ReadonlyMap<string, string>
  label: string
  more: (count: number) => string
  max?: number
}) {
  const max = props.max ?? MAX_CHIPS
  if (props.titles.length === 0) return null
  const shown = props.titles.slice(0, max)
  const hidden = props.titles.length - shown.length
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row's chips sit inside its link, which takes phrasing content only (no ul/li)
    <span class="label-chips" role="list" aria-label={props.label}>
      {shown.map((title) => {
        const color = props.colors?.get(title)
        const style = color ? { background: color, color: chipTextColor(color) } : undefined
        return (
          // biome-ignore lint/a11y/useSemanticElements: inside a link, as above
          <span key={title} role="listitem" class="label-chip" style={style}>
            {title}
          </span>
        )
      })}
      {hidden > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: inside a link, as above
        <span role="listitem" class="label-chip label-chip-more">
          {props.more(hidden)}
        </span>
      )}
    </span>
  )
}
