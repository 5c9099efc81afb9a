import type { Db } from '../db/client'
import {
  type AttributeModel,
  type CustomAttributeDefinitionRow,
  listDefinitions,
} from '../db/queries/custom-attributes'
import { type FieldError, fieldError, validationError } from '../errors'

/** What a value is checked and cast by: a definition's type, its list values and pattern. */
export type AttributeDefinition = Pick<
  CustomAttributeDefinitionRow,
  'attributeKey' | 'attributeDisplayType' | 'attributeValues' | 'regexPattern'
>

/** Why a value can't be stored under the definition (null when it can, or when it is null). */
function typeError(def: AttributeDefinition, value: unknown) {
  if (value === null) return null
  switch (def.attributeDisplayType) {
    case 'text':
      if (typeof value !== 'string') return 'must be text'
      if (def.regexPattern && !safeRegex(def.regexPattern)?.test(value)) {
        return 'does not match the required pattern'
      }
      return null
    case 'number':
    case 'currency':
    case 'percent':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number'
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'must be true or false'
    case 'link':
      return typeof value === 'string' && URL.canParse(value) ? null : 'must be a URL'
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? null
        : 'must be a date (ISO 8601)'
    case 'list':
      return typeof value === 'string' && def.attributeValues.includes(value)
        ? null
        : `must be one of: ${def.attributeValues.join(', ')}`
  }
}

const TRUE_TEXT = new Set(['true', 'yes', '1'])
const FALSE_TEXT = new Set(['false', 'no', '0'])

/** Text (a CSV cell) as the JSON value the definition's type stores; other text stays text. */
function valueOfText(def: AttributeDefinition, text: string): unknown {
  switch (def.attributeDisplayType) {
    case 'number':
    case 'currency':
    case 'percent':
      return Number(text)
    case 'checkbox': {
      const lower = text.toLowerCase()
      if (TRUE_TEXT.has(lower)) return true
      if (FALSE_TEXT.has(lower)) return false
      return text
    }
    default:
      return text
  }
}

/**
 * A text cell (a CSV import's) as the value its definition's type stores, or why it can't be
 * one: read as a number or boolean where the type is one, then checked as the contacts API
 * checks a JSON value.
 */
export function castAttributeText(
  def: AttributeDefinition,
  text: string,
): { value: unknown } | { error: string } {
  const value = valueOfText(def, text)
  const error = typeError(def, value)
  return error ? { error } : { value }
}

function safeRegex(pattern: string) {
  try {
    return new RegExp(pattern)
  } catch {
    return null
  }
}

/**
 * Checks `custom_attributes` against the account's definitions for the model: an unknown key or
 * a value of the wrong type is a 422 naming `custom_attributes.<key>`.
 */
export async function checkCustomAttributes(
  db: Db,
  accountId: number,
  model: AttributeModel,
  attributes: Record<string, unknown> | undefined,
) {
  if (!attributes || Object.keys(attributes).length === 0) return
  const definitions = new Map(
    (await listDefinitions(db, accountId, model)).map((d) => [d.attributeKey, d]),
  )
  const errors: FieldError[] = []
  for (const [key, value] of Object.entries(attributes)) {
    const field = `custom_attributes.${key}`
    const def = definitions.get(key)
    if (!def) {
      errors.push(fieldError(field, 'is not a defined custom attribute', 'unknown_attribute'))
      continue
    }
    const problem = typeError(def, value)
    if (problem) errors.push(fieldError(field, problem, 'invalid_type'))
  }
  if (errors.length > 0) throw validationError(errors)
}
