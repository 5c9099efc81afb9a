import { env } from 'cloudflare:test'
import * as drizzle from 'drizzle-orm'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { decoderOf, prepare, type SelectedField } from '../../../worker/db/drizzle-internals'
import { findByDisplayIdStatement } from '../../../worker/db/queries/conversations/views'
import { mapRows } from '../../../worker/db/row-mapper'
import { contacts, conversations, inboxes, messages, teams } from '../../../worker/db/schema'
import { api, createWorld } from '../helpers'

type Prepared = { fields: SelectedField[]; joinsNotNullableMap?: Record<string, boolean> }
type DrizzleMapper = (
  fields: SelectedField[],
  row: unknown[],
  joins: Record<string, boolean> | undefined,
) => unknown
/** drizzle's own row mapper (exported by its JavaScript, not by its types). */
const drizzleMapResultRow = (drizzle as unknown as { mapResultRow: DrizzleMapper }).mapResultRow

const prepared = (query: object) => prepare(query) as unknown as Prepared

/** A value of the kind the field's decoder reads, as D1 returns it. */
function sampleFor(field: unknown, seed: number): unknown {
  // A picked column is SQL that decodes as its column.
  const decoder = decoderOf(field)
  const column = (drizzle.is(decoder, drizzle.Column) ? decoder : undefined) as
    | { columnType: string; dataType: string }
    | undefined
  const type = column?.columnType ?? ''
  if (type === 'SQLiteTextJson') return JSON.stringify({ seed, list: [seed, 'x'] })
  if (column?.dataType === 'boolean') return seed % 2
  if (column?.dataType === 'number') return seed
  return `value ${seed}`
}

/** Rows where each top-level object is sometimes wholly null (an unmatched left join). */
function rowsFor(fields: SelectedField[], count: number) {
  const rows: unknown[][] = []
  for (let n = 0; n < count; n++) {
    const nullObjects = new Set(
      fields.map((f) => f.path[0] as string).filter((_, i) => (n * 7 + i * 3) % 5 === 0),
    )
    rows.push(
      fields.map(({ path, field }, i) =>
        nullObjects.has(path[0] as string) || (n + i) % 11 === 0 ? null : sampleFor(field, n + i),
      ),
    )
  }
  return rows
}

describe('mapRows', () => {
  const db = createDb(env.DB)
  const queries = {
    'nested aliased columns over left joins': db
      .select({
        message: { id: messages.id, content: messages.content, private: messages.private },
        sender: {
          id: sql`${contacts.id}`.mapWith(contacts.id).as('ct_id'),
          blocked: sql`${contacts.blocked}`.mapWith(contacts.blocked).as('ct_blocked'),
          attributes: sql`${contacts.customAttributes}`
            .mapWith(contacts.customAttributes)
            .as('ct_a'),
        },
        label: sql<string>`'x'`.as('label'),
      })
      .from(messages)
      .leftJoin(contacts, eq(contacts.id, messages.senderId)),
    'a whole table and a left-joined column': findByDisplayIdStatement(db, 1, 2, 3),
    'whole tables over left joins': db
      .select()
      .from(conversations)
      .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
      .leftJoin(contacts, eq(contacts.id, conversations.contactId))
      .leftJoin(teams, and(eq(teams.id, conversations.teamId))),
    'plain sql fields with and without decoders': db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        text: sql<string>`'a'`.as('text'),
        nested: { flag: contacts.blocked, attributes: contacts.customAttributes },
      })
      .from(contacts),
  }

  for (const [name, query] of Object.entries(queries)) {
    it(`maps rows exactly as drizzle does: ${name}`, () => {
      const { fields, joinsNotNullableMap } = prepared(query)
      const rows = rowsFor(fields, 40)
      const ours = mapRows(fields, rows, joinsNotNullableMap)
      const theirs = rows.map((row) => drizzleMapResultRow(fields, row, joinsNotNullableMap))
      expect(ours).toEqual(theirs)
      // The rows cover both a nulled left join and a present one.
      expect(JSON.stringify(theirs)).toContain('null')
    })
  }

  it('maps the same field list again from its remembered plan', () => {
    const { fields, joinsNotNullableMap } = prepared(queries['whole tables over left joins'])
    const first = mapRows(fields, rowsFor(fields, 3), joinsNotNullableMap)
    const again = mapRows(fields, rowsFor(fields, 3), joinsNotNullableMap)
    expect(again).toEqual(first)
    expect(first.some((row) => row.contacts === null)).toBe(true)
  })

  it('serves real reads through the database client, batched and not', async () => {
    const world = await createWorld()
    const res = await api(`/api/v1/accounts/${world.accountId}/contacts`, {
      token: world.admin.token,
      body: { name: 'Mapped Person', email: 'mapped@example.com', additional_attributes: { n: 1 } },
    })
    expect(res.status).toBe(200)
    const contactId = res.json.payload.contact.id as number
    const byId = db.select().from(contacts).where(eq(contacts.id, contactId))
    const [[batched]] = await db.batch([byId])
    const [direct] = await byId
    const single = await byId.get()
    for (const row of [batched, direct, single]) {
      expect(row).toMatchObject({
        id: contactId,
        name: 'Mapped Person',
        additionalAttributes: { n: 1 },
        blocked: false,
      })
    }
  })
})
