import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { castFormValues } from '../../../worker/lib/form-values'
import { IdSchema } from '../../../worker/schemas/common'
import { ConversationInputSchema } from '../../../worker/schemas/conversations'
import { SubmittedValuesInputSchema } from '../../../worker/schemas/public'

describe('castFormValues', () => {
  it('casts numeric and boolean strings where the schema wants numbers and booleans', () => {
    const schema = z.object({
      count: z.number().int(),
      ratio: z.number().optional(),
      on: z.boolean(),
      off: z.boolean().default(true),
      name: z.string(),
    })
    expect(
      castFormValues(schema, { count: '12', ratio: '-0.5', on: 'true', off: '0', name: '42' }),
    ).toEqual({ count: 12, ratio: -0.5, on: true, off: false, name: '42' })
  })

  it('leaves strings that spell no value, so the schema refuses them as in JSON', () => {
    const schema = z.object({ count: z.number(), on: z.boolean() })
    const cast = castFormValues(schema, { count: '0x10', on: 'yes' })
    expect(cast).toEqual({ count: '0x10', on: 'yes' })
    expect(schema.safeParse(cast).success).toBe(false)
    expect(castFormValues(schema, { count: '', on: '' })).toEqual({ count: '', on: '' })
  })

  it('reads "" as null where a nullable number is wanted, and as text where text is', () => {
    const schema = z.object({
      assignee_id: IdSchema.nullable().optional(),
      note: z.string().nullable(),
    })
    expect(castFormValues(schema, { assignee_id: '', note: '' })).toEqual({
      assignee_id: null,
      note: '',
    })
  })

  it('walks arrays, records, unions, pipes, literals and nested objects', () => {
    const schema = z.object({
      ids: z.array(z.number()).transform((ids) => ids.length),
      flags: z.record(z.string(), z.boolean()),
      either: z.union([z.string().email(), z.number()]),
      kind: z.union([z.literal(1), z.literal(2)]),
      nested: z.object({ deep: z.preprocess((v) => v, z.number()) }),
    })
    expect(
      castFormValues(schema, {
        ids: ['1', '2'],
        flags: { a: 'true', b: 'false' },
        either: '7',
        kind: '2',
        nested: { deep: '3' },
        extra: '9',
      }),
    ).toEqual({
      ids: [1, 2],
      flags: { a: true, b: false },
      either: 7,
      kind: 2,
      nested: { deep: 3 },
      extra: '9',
    })
  })

  it("casts the route schemas' fields that Chatwoot clients send as form strings", () => {
    expect(
      castFormValues(ConversationInputSchema, {
        inbox_id: '3',
        assignee_id: '',
        hmac_verified: 'true',
        status: 'open',
        custom_attributes: { n: '5' },
      }),
    ).toEqual({
      inbox_id: 3,
      assignee_id: null,
      hmac_verified: true,
      status: 'open',
      custom_attributes: { n: '5' },
    })
    const answer = castFormValues(SubmittedValuesInputSchema, {
      submitted_values: [{ name: 'csat', csat_survey_response: { rating: '5' } }],
    })
    expect(SubmittedValuesInputSchema.parse(answer).submitted_values[0]).toEqual({
      name: 'csat',
      csat_survey_response: { rating: 5 },
    })
  })
})
