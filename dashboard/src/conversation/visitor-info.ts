type Attributes = Record<string, unknown>

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null

/** The page the visitor wrote from (Chatwoot's `referer`, or the widget's `referer_url`). */
export function pageOf(attributes: Attributes): string | null {
  return text(attributes.referer) ?? text(attributes.referer_url) ?? text(attributes.initiated_at)
}

/** "Firefox 132 · macOS", from Chatwoot's `browser` object (or a plain string). */
export function browserOf(attributes: Attributes): string | null {
  const browser = attributes.browser
  if (typeof browser === 'string') return text(browser)
  if (!browser || typeof browser !== 'object') return null
  const b = browser as Attributes
  const name = [text(b.browser_name), text(b.browser_version)].filter(Boolean).join(' ')
  const parts = [name, text(b.platform_name)].filter(Boolean)
  return parts.length ? parts.join(' · ') : null
}

/** "Lisbon, Portugal", from the conversation's attributes, else the contact's. */
export function locationOf(...sources: Attributes[]): string | null {
  for (const attributes of sources) {
    const place = [text(attributes.city), text(attributes.country) ?? text(attributes.country_code)]
      .filter(Boolean)
      .join(', ')
    if (place) return place
    const location = text(attributes.location)
    if (location) return location
  }
  return null
}

/** Attribute values as short text (objects as JSON), for the custom attributes list. */
export function attributeText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
