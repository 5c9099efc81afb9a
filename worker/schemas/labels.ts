import { z } from '@hono/zod-openapi'
import type { labels } from '../db/schema'
import { TextSchema } from './common'
import * as examples from './examples/labels'

type LabelRow = typeof labels.$inferSelect

const LabelTitleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(255)
  .regex(/^[a-z0-9_-]+$/, 'may contain only letters, digits, "-" and "_"')
  .openapi({ description: 'Stored lower-cased; unique in the account', example: 'billing' })

const ColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #1f93ff')
  .openapi({ example: '#1f93ff' })

export const LabelInputSchema = z
  .object({
    title: LabelTitleSchema,
    description: TextSchema.nullable().optional(),
    color: ColorSchema.optional(),
    show_on_sidebar: z.boolean().optional(),
  })
  .openapi('LabelInput', { example: examples.LabelInputExample })

export const LabelUpdateSchema = LabelInputSchema.partial().openapi('LabelUpdate', {
  example: examples.LabelUpdateExample,
})

export const LabelSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    color: z.string(),
    show_on_sidebar: z.boolean(),
  })
  .openapi('Label', { example: examples.LabelExample })
export type Label = z.infer<typeof LabelSchema>

export function toLabel(row: LabelRow): Label {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    color: row.color,
    show_on_sidebar: row.showOnSidebar,
  }
}
