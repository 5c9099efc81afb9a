/**
 * Keyset page cursors: where a list's page ends, as the sort and the sort values of its last row,
 * in an opaque URL-safe string. A request with the cursor starts after that row, so a page deep
 * in a list never walks the rows before it. Opaque to clients: only this module reads it.
 */

/** A sort value: a number, a text (a contact's name, …) or null (a contact without one). */
export type CursorValue = number | string | null

export type PageCursor = { sort: string; values: CursorValue[] }

/** Long enough for a sort value of 255 characters, each up to 4 bytes, in base64. */
export const MAX_CURSOR_LENGTH = 1400

const isCursorValue = (value: unknown) =>
  value === null ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value))

export function encodePageCursor(cursor: PageCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.sort, ...cursor.values]))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

/** The cursor in `text`, or null when it is not one `encodePageCursor` made. */
export function decodePageCursor(text: string): PageCursor | null {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    const parsed: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes),
    )
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') return null
    const values = parsed.slice(1)
    if (values.length === 0 || !values.every(isCursorValue)) return null
    return { sort: parsed[0], values }
  } catch {
    return null
  }
}

/** A cursor's values when every one is a whole number (the conversation list's keys), else null. */
export const wholeNumbers = (values: CursorValue[]): number[] | null =>
  values.every((value) => Number.isSafeInteger(value)) ? (values as number[]) : null
