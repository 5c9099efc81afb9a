import { z } from '@hono/zod-openapi'
import type { CustomAttributeDefinitionRow } from '../db/queries/custom-attributes'
import { NameSchema, TextSchema } from './common'
import * as examples from './examples/custom-attributes'

/** Chatwoot's enum orders: the integer a client may send is the index. */
export const ATTRIBUTE_MODELS = ['conversation_attribute', 'contact_attribute'] as const
export const DISPLAY_TYPES = [
  'text',
  'number',
  'currency',
  'percent',
  'link',
  'date',
  'list',
  'checkbox',
] as const

export type AttributeModelName = (typeof ATTRIBUTE_MODELS)[number]
export type DisplayType = (typeof DISPLAY_TYPES)[number]

const AttributeModelInputSchema = z
  .union([z.enum(ATTRIBUTE_MODELS), z.number().int().min(0).max(1)])
  .transform((v): AttributeModelName => (typeof v === 'number' ? ATTRIBUTE_MODELS[v]! : v))
  .openapi({ description: 'contact_attribute or conversation_attribute (also 1 or 0)' })

const DisplayTypeInputSchema = z
  .union([
    z.enum(DISPLAY_TYPES),
    z
      .number()
      .int()
      .min(0)
      .max(DISPLAY_TYPES.length - 1),
  ])
  .transform((v): DisplayType => (typeof v === 'number' ? DISPLAY_TYPES[v]! : v))
  .openapi({ description: `${DISPLAY_TYPES.join(', ')} (or its index)` })

function compiles(pattern: string) {
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}

export const DefinitionInputSchema = z
  .object({
    attribute_display_name: NameSchema,
    attribute_display_type: DisplayTypeInputSchema,
    attribute_description: TextSchema.nullable().optional(),
    attribute_key: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[a-z0-9_]+$/, 'must be lower snake case (a-z, 0-9 and _)'),
    attribute_model: AttributeModelInputSchema,
    attribute_values: z.array(z.string().trim().min(1).max(255)).max(500).optional(),
    regex_pattern: z
      .string()
      .max(255)
      .refine(compiles, 'is not a valid regular expression')
      .nullable()
      .optional(),
  })
  .openapi('CustomAttributeDefinitionInput', {
    example: examples.CustomAttributeDefinitionInputExample,
  })

export const DefinitionUpdateSchema = DefinitionInputSchema.partial().openapi(
  'CustomAttributeDefinitionUpdate',
  { example: examples.CustomAttributeDefinitionUpdateExample },
)

/** `?attribute_model=`: Chatwoot's integer (0 conversation, 1 contact) or the model's name. */
export const DefinitionListQuerySchema = z.object({
  attribute_model: z
    .enum(['0', '1', ...ATTRIBUTE_MODELS])
    .transform(
      (v): AttributeModelName => (v === '0' || v === '1' ? ATTRIBUTE_MODELS[Number(v)]! : v),
    )
    .optional()
    .openapi({
      param: { name: 'attribute_model', in: 'query' },
      description: 'Only this model; all models when absent',
    }),
})

export const DefinitionSchema = z
  .object({
    id: z.number().int(),
    attribute_display_name: z.string(),
    attribute_display_type: z.enum(DISPLAY_TYPES),
    attribute_description: z.string().nullable(),
    attribute_key: z.string(),
    attribute_values: z.array(z.string()),
    attribute_model: z.enum(ATTRIBUTE_MODELS),
    regex_pattern: z.string().nullable(),
    default_value: z.null(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .openapi('CustomAttributeDefinition', { example: examples.CustomAttributeDefinitionExample })
export type Definition = z.infer<typeof DefinitionSchema>

export function toDefinition(row: CustomAttributeDefinitionRow): Definition {
  return {
    id: row.id,
    attribute_display_name: row.attributeDisplayName,
    attribute_display_type: row.attributeDisplayType,
    attribute_description: row.attributeDescription,
    attribute_key: row.attributeKey,
    attribute_values: row.attributeValues,
    attribute_model: row.attributeModel,
    regex_pattern: row.regexPattern,
    default_value: null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }
}
