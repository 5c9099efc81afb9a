/**
 * RFC 4180 CSV: a reader that yields one record at a time (with the line it starts on and where
 * it sits in the text, so a caller can keep the raw line) and a writer of lines. Reading accepts
 * CRLF, LF or CR line ends and a leading byte-order mark; writing quotes what needs it and
 * neutralises cells a spreadsheet would run as a formula.
 */

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`)
  }
}

export type CsvRecord = {
  fields: string[]
  /** 1-based line of the text the record starts on (a quoted line break spans lines). */
  line: number
  /** The record's span in the text, without its line end. */
  start: number
  end: number
}

const UNQUOTED = /[^,\r\n"]*/y

function countLineBreaks(text: string, from: number, to: number) {
  let breaks = 0
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    // CR LF is one break; a lone CR or LF is one too.
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) breaks++
  }
  return breaks
}

/** Yields the records of `text` in order; throws CsvSyntaxError on a broken quote. */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 1
  const length = text.length
  while (i < length) {
    const start = i
    const startLine = line
    const fields: string[] = []
    for (;;) {
      if (text.charCodeAt(i) === 34) {
        // A quoted field: up to the quote not doubled.
        let value = ''
        let from = i + 1
        for (;;) {
          const quote = text.indexOf('"', from)
          if (quote === -1) throw new CsvSyntaxError('A quoted field is never closed', startLine)
          value += text.slice(from, quote)
          if (text.charCodeAt(quote + 1) === 34) {
            value += '"'
            from = quote + 2
            continue
          }
          line += countLineBreaks(text, i, quote)
          i = quote + 1
          break
        }
        fields.push(value)
      } else {
        UNQUOTED.lastIndex = i
        UNQUOTED.test(text)
        const stop = UNQUOTED.lastIndex
        if (text.charCodeAt(stop) === 34) {
          throw new CsvSyntaxError('A quote appears inside an unquoted field', line)
        }
        fields.push(text.slice(i, stop))
        i = stop
      }
      const next = text.charCodeAt(i)
      if (next === 44) {
        i++
        continue
      }
      if (Number.isNaN(next) || next === 10 || next === 13) break
      throw new CsvSyntaxError('A quoted field is followed by text before the next comma', line)
    }
    const end = i
    if (text.charCodeAt(i) === 13) i++
    if (text.charCodeAt(i) === 10 || (i > end && text.charCodeAt(i - 1) === 13)) {
      if (text.charCodeAt(i) === 10) i++
      line++
    }
    yield { fields, line: startLine, start, end }
  }
}

/** Whether a record is a blank line (no text at all): such lines are skipped, not rows. */
export const isBlankRecord = (record: CsvRecord) =>
  record.fields.length === 1 && record.fields[0] === ''

// A spreadsheet runs a cell starting with one of these as a formula (OWASP's CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell as written: a would-be formula is prefixed with `'`, then quoted if it must be. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One line of cells, with its CRLF. */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`

/**
 * A cell read back from a file this module (or another careful exporter) wrote: the `'` put in
 * front of a would-be formula is taken off again, so an export imports as it was.
 */
export const unneutralised = (value: string) =>
  value.length > 1 && value.charCodeAt(0) === 39 && FORMULA_START.test(value.slice(1))
    ? value.slice(1)
    : value
