import type { Db } from '../db/client'
import {
  type AttributeModel,
  type CustomAttributeDefinitionRow,
  listDefinitions,
} from '../db/queries/custom-attributes'
import { type FieldError, fieldError, validationError } from '../errors'

type DisplayType = CustomAttributeDefinitionRow['attributeDisplayType']

function typeError(type: DisplayType, value: unknown, def: CustomAttributeDefinitionRow) {
  if (value === null) return null
  switch (type) {
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
    const problem = typeError(def.attributeDisplayType, value, def)
    if (problem) errors.push(fieldError(field, problem, 'invalid_type'))
  }
  if (errors.length > 0) throw validationError(errors)
}
