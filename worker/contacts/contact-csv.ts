import {
  type CsvRecord,
  CsvSyntaxError,
  csvRecords,
  isBlankRecord,
  unneutralised,
} from '../lib/csv'
import { EmailSchema } from '../schemas/common'
import { PhoneNumberSchema } from '../schemas/contacts-input'
import { type AttributeDefinition, castAttributeText } from './custom-attributes'

/**
 * What a contacts CSV means: which of its columns are contact fields, and each row as the
 * contact values it carries (or why it can't be one). Shared by the upload's checks and the
 * queue consumer that applies the rows.
 */

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024
export const MAX_IMPORT_ROWS = 100_000
const MAX_TEXT = 255
const MAX_ATTRIBUTE_TEXT = 20_000
const MAX_CUSTOM_COLUMNS = 100

export const CUSTOM_PREFIX = 'custom_attribute.'
const FIELDS = ['name', 'email', 'phone_number', 'identifier'] as const
type Field = (typeof FIELDS)[number]

export type ImportColumns = {
  fields: Partial<Record<Field, number>>
  custom: [key: string, index: number][]
  width: number
}

/** Why a file can't be imported at all: the message names the problem for the uploader. */
export class ImportFileError extends Error {}

/** The known columns of a header row; unknown ones are ignored. Null when none is known. */
export function importColumnsOf(header: string[]): ImportColumns | null {
  const fields: ImportColumns['fields'] = {}
  const custom: ImportColumns['custom'] = []
  header.forEach((raw, index) => {
    const name = raw.trim()
    const lower = name.toLowerCase()
    if ((FIELDS as readonly string[]).includes(lower)) fields[lower as Field] ??= index
    else if (lower.startsWith(CUSTOM_PREFIX)) {
      const key = name.slice(CUSTOM_PREFIX.length).trim()
      if (key && key.length <= MAX_TEXT && !custom.some(([k]) => k === key))
        custom.push([key, index])
    }
  })
  if (custom.length > MAX_CUSTOM_COLUMNS) {
    throw new ImportFileError(`The header has more than ${MAX_CUSTOM_COLUMNS} custom attributes`)
  }
  if (Object.keys(fields).length === 0 && custom.length === 0) return null
  return { fields, custom, width: header.length }
}

/** The file as text: UTF-8 (a BOM is fine), no NUL bytes, not empty. */
export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw new ImportFileError('The file is empty')
  if (bytes.includes(0)) throw new ImportFileError('The file is binary, not a CSV text file')
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw new ImportFileError('The file is not UTF-8 text: save the CSV as UTF-8 and try again')
  }
}

/** The data rows of a decoded file after its header, with their 1-based row numbers. */
export function* dataRows(text: string): Generator<CsvRecord & { row: number }> {
  let row = 0
  let header = true
  for (const record of csvRecords(text)) {
    if (header) {
      header = false
      continue
    }
    if (isBlankRecord(record)) continue
    row++
    yield { ...record, row }
  }
}

/** The header row's fields, or null when the text has no record at all. */
export function headerOf(text: string): string[] | null {
  for (const record of csvRecords(text)) return record.fields
  return null
}

export type CheckedFile = { text: string; columns: ImportColumns; rows: number }

/**
 * The upload's checks, all before anything is stored: the text, a header naming at least one
 * known column, well-formed quoting throughout, and the row limit.
 */
export function checkImportFile(bytes: Uint8Array): CheckedFile {
  const text = decodeImportFile(bytes)
  try {
    const header = headerOf(text)
    if (header === null || header.every((cell) => cell.trim() === '')) {
      throw new ImportFileError('The file has no header row')
    }
    const columns = importColumnsOf(header)
    if (!columns) {
      throw new ImportFileError(
        'The header row has none of the columns name, email, phone_number, identifier or ' +
          `${CUSTOM_PREFIX}<key>`,
      )
    }
    let rows = 0
    for (const _ of dataRows(text)) {
      if (++rows > MAX_IMPORT_ROWS) {
        throw new ImportFileError(`The file has more than ${MAX_IMPORT_ROWS} rows`)
      }
    }
    if (rows === 0) throw new ImportFileError('The file has a header row but no rows')
    return { text, columns, rows }
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw new ImportFileError(`The file is not well-formed CSV: ${error.message}`)
    }
    throw error
  }
}

export type Definitions = Map<string, AttributeDefinition>

/** The header's custom attribute columns the account has no definition of. */
export const undefinedAttributes = (columns: ImportColumns, definitions: Definitions) =>
  columns.custom.map(([key]) => key).filter((key) => !definitions.has(key))

export type ContactValues = {
  name: string | null
  email: string | null
  phoneNumber: string | null
  identifier: string | null
  custom: Record<string, unknown>
}

export type RowOutcome = { ok: true; values: ContactValues } | { ok: false; reason: string }

const fail = (reason: string): RowOutcome => ({ ok: false, reason })

/**
 * A row's contact values: cells trimmed (an exporter's `'` before a would-be formula dropped),
 * empty cells absent, each value checked as the contacts API checks it.
 */
export function readImportRow(
  fields: string[],
  columns: ImportColumns,
  definitions: Definitions,
): RowOutcome {
  if (fields.length > columns.width) {
    return fail(`The row has ${fields.length} cells where the header has ${columns.width}`)
  }
  const cell = (index: number | undefined) => {
    if (index === undefined) return null
    const value = unneutralised((fields[index] ?? '').trim())
    return value === '' ? null : value
  }
  const name = cell(columns.fields.name)
  const identifier = cell(columns.fields.identifier)
  if (name !== null && name.length > MAX_TEXT) return fail(`name is longer than ${MAX_TEXT}`)
  if (identifier !== null && identifier.length > MAX_TEXT) {
    return fail(`identifier is longer than ${MAX_TEXT}`)
  }
  let email = cell(columns.fields.email)
  if (email !== null) {
    const parsed = EmailSchema.safeParse(email)
    if (!parsed.success) return fail(`email "${email.slice(0, 100)}" is not a valid address`)
    email = parsed.data
  }
  const phoneNumber = cell(columns.fields.phone_number)
  if (phoneNumber !== null && !PhoneNumberSchema.safeParse(phoneNumber).success) {
    return fail(`phone_number "${phoneNumber.slice(0, 100)}" is not in E.164 format (+ and digits)`)
  }
  const custom: Record<string, unknown> = {}
  for (const [key, index] of columns.custom) {
    const text = cell(index)
    if (text === null) continue
    if (text.length > MAX_ATTRIBUTE_TEXT) return fail(`${CUSTOM_PREFIX}${key} is too long`)
    const def = definitions.get(key)
    if (!def) return fail(`${CUSTOM_PREFIX}${key} is not a defined custom attribute`)
    const cast = castAttributeText(def, text)
    if ('error' in cast) return fail(`${CUSTOM_PREFIX}${key} ${cast.error}`)
    custom[key] = cast.value
  }
  if (name === null && email === null && phoneNumber === null && identifier === null) {
    return fail('The row has no name, email, phone_number or identifier')
  }
  return { ok: true, values: { name, email, phoneNumber, identifier, custom } }
}
