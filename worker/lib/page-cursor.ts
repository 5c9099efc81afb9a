/**
 * Keyset page cursors: where a list's page ends, as the sort and the sort values of its last row,
 * in an opaque URL-safe string. A request with the cursor starts after that row, so a page deep
 * in a list never walks the rows before it. Opaque to clients: only this module reads it.
 */

export type PageCursor = { sort: string; values: number[] }

const MAX_LENGTH = 200

export function encodePageCursor(cursor: PageCursor): string {
  return btoa(JSON.stringify([cursor.sort, ...cursor.values]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

/** The cursor in `text`, or null when it is not one `encodePageCursor` made. */
export function decodePageCursor(text: string): PageCursor | null {
  if (text.length > MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null
  try {
    const parsed: unknown = JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/')))
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') return null
    const values = parsed.slice(1)
    if (values.length === 0 || !values.every((v) => Number.isSafeInteger(v))) return null
    return { sort: parsed[0], values: values as number[] }
  } catch {
    return null
  }
}
