import type { CustomAttributeDefinition } from '../../api/schema'

/** A definition as the page reads it (default_value is always null: nothing to show). */
export type Definition = Omit<CustomAttributeDefinition, 'default_value'>
export type Model = Definition['attribute_model']
export type DisplayType = Definition['attribute_display_type']

export const MODELS: Model[] = ['conversation_attribute', 'contact_attribute']
export const TYPES: DisplayType[] = [
  'text',
  'number',
  'currency',
  'percent',
  'link',
  'date',
  'list',
  'checkbox',
]

/** The form's state: the key follows the name until someone types in the key itself. */
export interface AttributeDraft {
  name: string
  key: string
  keyEdited: boolean
  type: DisplayType
  /** A list's values, one a line. */
  values: string
  description: string
}

export const blankAttribute = (): AttributeDraft => ({
  name: '',
  key: '',
  keyEdited: false,
  type: 'text',
  values: '',
  description: '',
})

export const draftOfAttribute = (item: Definition): AttributeDraft => ({
  name: item.attribute_display_name,
  key: item.attribute_key,
  keyEdited: true,
  type: item.attribute_display_type,
  values: item.attribute_values.join('\n'),
  description: item.attribute_description ?? '',
})

/** "Order number" → "order_number": the lower snake case the API asks of a key. */
export function keyFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

/** The list values typed one a line, blank lines dropped. */
export function valuesOf(text: string): string[] {
  return text
    .split('\n')
    .map((value) => value.trim())
    .filter(Boolean)
}
