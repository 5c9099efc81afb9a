import { beforeAll, describe, expect, it } from 'vitest'
import {
  type AttributeDefinition,
  castAttributeText,
  checkCustomAttributes,
} from '../../../worker/contacts/custom-attributes'
import { createDb } from '../../../worker/db/client'
import { accountDb, api, createWorld, type World } from '../helpers'

/** One contact attribute of every display type, defined through the API. */
const DEFINITIONS = [
  { attribute_key: 'nickname', attribute_display_type: 'text', regex_pattern: '^[a-z]+$' },
  { attribute_key: 'note', attribute_display_type: 'text' },
  { attribute_key: 'seats', attribute_display_type: 'number' },
  { attribute_key: 'revenue', attribute_display_type: 'currency' },
  { attribute_key: 'discount', attribute_display_type: 'percent' },
  { attribute_key: 'homepage', attribute_display_type: 'link' },
  { attribute_key: 'renewal', attribute_display_type: 'date' },
  { attribute_key: 'plan', attribute_display_type: 'list', attribute_values: ['free', 'pro'] },
  { attribute_key: 'vip', attribute_display_type: 'checkbox' },
]

const VALID = {
  nickname: 'ada',
  note: 'Anything at all',
  seats: 12,
  revenue: 99.5,
  discount: 0,
  homepage: 'https://example.com/a',
  renewal: '2030-01-31',
  plan: 'pro',
  vip: false,
}

const WRONG: [keyof typeof VALID, unknown][] = [
  ['nickname', 'Ada!'],
  ['note', 42],
  ['seats', '12'],
  ['seats', Number.NaN],
  ['revenue', true],
  ['discount', '10%'],
  ['homepage', 'not a url'],
  ['homepage', 7],
  ['renewal', 'someday'],
  ['renewal', 20300131],
  ['plan', 'enterprise'],
  ['plan', 1],
  ['vip', 'yes'],
  ['vip', 1],
]

async function expect422(attributes: Record<string, unknown>, field: string, code: string) {
  const check = checkCustomAttributes(db, world.accountId, 'contact_attribute', attributes)
  await expect(check).rejects.toMatchObject({
    status: 422,
    code: 'validation_failed',
    fieldErrors: [expect.objectContaining({ field, code })],
  })
}

let world: World
/** The world's shard, where its definitions are. */
let db: ReturnType<typeof createDb>

beforeAll(async () => {
  world = await createWorld()
  db = createDb(await accountDb(world.accountId))
  for (const def of DEFINITIONS) {
    const res = await api(`/api/v1/accounts/${world.accountId}/custom_attribute_definitions`, {
      token: world.admin.token,
      body: { ...def, attribute_display_name: def.attribute_key, attribute_model: 1 },
    })
    if (res.status !== 200) throw new Error(`define ${def.attribute_key}: ${res.text}`)
  }
  const conversationOnly = await api(
    `/api/v1/accounts/${world.accountId}/custom_attribute_definitions`,
    {
      token: world.admin.token,
      body: {
        attribute_key: 'priority_reason',
        attribute_display_name: 'Reason',
        attribute_display_type: 'text',
        attribute_model: 'conversation_attribute',
      },
    },
  )
  if (conversationOnly.status !== 200) throw new Error(conversationOnly.text)
})

describe('checkCustomAttributes', () => {
  it('passes values of the right type for every display type, and null for any', async () => {
    await expect(
      checkCustomAttributes(db, world.accountId, 'contact_attribute', VALID),
    ).resolves.toBeUndefined()
    const nulls = Object.fromEntries(Object.keys(VALID).map((k) => [k, null]))
    await expect(
      checkCustomAttributes(db, world.accountId, 'contact_attribute', nulls),
    ).resolves.toBeUndefined()
    await expect(
      checkCustomAttributes(db, world.accountId, 'contact_attribute', {}),
    ).resolves.toBeUndefined()
    await expect(
      checkCustomAttributes(db, world.accountId, 'contact_attribute', undefined),
    ).resolves.toBeUndefined()
  })

  it('refuses an unknown key with 422 naming custom_attributes.<key>', async () => {
    await expect422(
      { ...VALID, favourite_colour: 'blue' },
      'custom_attributes.favourite_colour',
      'unknown_attribute',
    )
  })

  it("treats another model's key as unknown", async () => {
    await expect422(
      { priority_reason: 'late' },
      'custom_attributes.priority_reason',
      'unknown_attribute',
    )
    await expect(
      checkCustomAttributes(db, world.accountId, 'conversation_attribute', {
        priority_reason: 'late',
      }),
    ).resolves.toBeUndefined()
  })

  it("ignores another account's definitions", async () => {
    const other = await createWorld()
    // Asked on the world's shard, where its `plan` is defined: the account filter keeps it out.
    const check = checkCustomAttributes(db, other.accountId, 'contact_attribute', { plan: 'pro' })
    await expect(check).rejects.toMatchObject({
      status: 422,
      fieldErrors: [expect.objectContaining({ field: 'custom_attributes.plan' })],
    })
  })

  for (const [key, value] of WRONG) {
    it(`refuses ${typeof value === 'string' ? JSON.stringify(value) : String(value)} for the ${key} attribute with 422`, async () => {
      await expect422({ [key]: value }, `custom_attributes.${key}`, 'invalid_type')
    })
  }

  it('names every bad key at once', async () => {
    const check = checkCustomAttributes(db, world.accountId, 'contact_attribute', {
      seats: 'many',
      vip: 'yes',
      plan: 'pro',
    })
    await expect(check).rejects.toMatchObject({
      status: 422,
      fieldErrors: [
        expect.objectContaining({ field: 'custom_attributes.seats' }),
        expect.objectContaining({ field: 'custom_attributes.vip' }),
      ],
    })
  })
})

describe('castAttributeText', () => {
  const definition = (key: string): AttributeDefinition => {
    const def = DEFINITIONS.find((d) => d.attribute_key === key)
    if (!def) throw new Error(`no definition ${key}`)
    return {
      attributeKey: def.attribute_key,
      attributeDisplayType:
        def.attribute_display_type as AttributeDefinition['attributeDisplayType'],
      attributeValues: def.attribute_values ?? [],
      regexPattern: def.regex_pattern ?? null,
    }
  }

  it('reads a cell as the value of its type: numbers, booleans by word, text as it is', () => {
    expect(castAttributeText(definition('seats'), '12')).toEqual({ value: 12 })
    expect(castAttributeText(definition('revenue'), '99.5')).toEqual({ value: 99.5 })
    expect(castAttributeText(definition('vip'), 'Yes')).toEqual({ value: true })
    expect(castAttributeText(definition('vip'), '0')).toEqual({ value: false })
    expect(castAttributeText(definition('nickname'), 'ada')).toEqual({ value: 'ada' })
    expect(castAttributeText(definition('homepage'), 'https://example.com/a')).toEqual({
      value: 'https://example.com/a',
    })
    expect(castAttributeText(definition('renewal'), '2030-01-31')).toEqual({ value: '2030-01-31' })
    expect(castAttributeText(definition('plan'), 'pro')).toEqual({ value: 'pro' })
  })

  it("refuses a cell with the message the API's check gives a wrong value", () => {
    expect(castAttributeText(definition('seats'), 'many')).toEqual({ error: 'must be a number' })
    expect(castAttributeText(definition('vip'), 'maybe')).toEqual({
      error: 'must be true or false',
    })
    expect(castAttributeText(definition('nickname'), 'Ada!')).toEqual({
      error: 'does not match the required pattern',
    })
    expect(castAttributeText(definition('homepage'), 'not a url')).toEqual({
      error: 'must be a URL',
    })
    expect(castAttributeText(definition('renewal'), 'someday')).toEqual({
      error: 'must be a date (ISO 8601)',
    })
    expect(castAttributeText(definition('plan'), 'enterprise')).toEqual({
      error: 'must be one of: free, pro',
    })
  })
})
