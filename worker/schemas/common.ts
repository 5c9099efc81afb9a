import { z } from '@hono/zod-openapi'

export const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const AccountIdParamsSchema = z.object({
  account_id: IdSchema.openapi({ param: { name: 'account_id', in: 'path' }, example: 1 }),
})

export const IdParamsSchema = z.object({
  id: IdSchema.openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
})

export const AccountAndIdParamsSchema = AccountIdParamsSchema.extend(IdParamsSchema.shape)

/** A JSON object of free-form attributes (custom_attributes, additional_attributes, …). */
export const AttributesSchema = z.record(z.string(), z.unknown())

export const NameSchema = z.string().trim().min(1).max(255)
export const EmailSchema = z
  .string()
  .trim()
  .max(255)
  .email()
  .transform((e) => e.toLowerCase())
export const TextSchema = z.string().max(20_000)

/** `api_access_token` header, documented on every authenticated operation. */
export const tokenSecurity = [{ api_access_token: [] }]

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    required: true,
    description,
    content: { 'application/json': { schema } },
  } as const
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const
}

export const EmptySchema = z.object({}).openapi('Empty')
