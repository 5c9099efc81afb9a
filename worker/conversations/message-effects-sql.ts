import { type SQL, sql } from 'drizzle-orm'
import { conversations } from '../db/schema'
import { TRACKED } from './changes'
import {
  type EffectColumn,
  type EffectValue,
  type MessageFacts,
  type MessageRule,
  type RowCondition,
  rulesFor,
  valueAt,
} from './message-effects'

/**
 * The SQL interpreter of a message's rules (message-effects.ts): each column the rules may set
 * becomes a `case when` over the row as the statement finds it, the last rule that holds
 * winning, as in `applyMessageRules`. `alias` names the conversations row in the statement (''
 * in an UPDATE, whose expressions all read the row before it).
 */

/** Columns whose change reports nothing (conversationChangeReport) and makes no status event. */
const PLAIN: ReadonlySet<EffectColumn> = new Set([
  'snoozedUntil',
  'waitingSince',
  'firstReplyCreatedAt',
  'muted',
  'priority',
])

/**
 * Whether the SQL interpreter covers what `rules` do to this message on any row: no activity
 * lines and no change of status.
 */
export function compilable(rules: readonly MessageRule[], message: MessageFacts) {
  return rulesFor(rules, message).every(
    (rule) => !rule.activity && Object.keys(rule.set).every((c) => PLAIN.has(c as EffectColumn)),
  )
}

const bound = (value: string | number | boolean | null) =>
  value === null ? sql`null` : sql`${typeof value === 'boolean' ? Number(value) : value}`

/** The SQL name of a column (the schema's keys are camelCase, its columns snake_case). */
const sqlName = (column: EffectColumn | 'updatedAt') =>
  conversations[column].name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

function columnOf(alias: string, column: EffectColumn | 'updatedAt') {
  const name = sqlName(column)
  return sql.raw(alias ? `${alias}.${name}` : name)
}

function conditionSql(alias: string, condition: RowCondition) {
  const column = columnOf(alias, condition.column)
  if ('is' in condition) {
    return condition.is === 'null' ? sql`${column} is null` : sql`${column} is not null`
  }
  // `in (null)` holds of no row in SQL, while the JS interpreter finds a null in its list.
  const values = condition.in.filter((v) => v !== null)
  const listed =
    values.length > 0 ? sql`${column} in (${sql.join(values.map(bound), sql`, `)})` : sql`0`
  return condition.in.includes(null) ? sql`(${column} is null or ${listed})` : listed
}

/**
 * The new value of each column the rules may set on this message, as SQL over the row (in the
 * order they first appear).
 */
export function compileMessageRules(
  rules: readonly MessageRule[],
  message: MessageFacts,
  alias: string,
) {
  const now = message.createdAt
  const whens = new Map<EffectColumn, SQL[]>()
  for (const rule of rulesFor(rules, message)) {
    const row = rule.row.map((c) => conditionSql(alias, c))
    const holds = row.length > 0 ? sql.join(row, sql` and `) : sql`1`
    for (const [column, value] of Object.entries(rule.set) as [EffectColumn, EffectValue][]) {
      const when = sql`when ${holds} then ${bound(valueAt(value, now))}`
      // The last rule that holds wins: its `when` goes first.
      whens.set(column, [when, ...(whens.get(column) ?? [])])
    }
  }
  return new Map(
    [...whens].map(([column, list]) => [
      column,
      sql`(case ${sql.join(list, sql` `)} else ${columnOf(alias, column)} end)`,
    ]),
  )
}

/** The UPDATE's assignments: the rules' columns, the latest activity and updated_at. */
export function messageEffectsAssignments(rules: readonly MessageRule[], message: MessageFacts) {
  const now = message.createdAt
  const set = [sql`last_activity_at = ${now}`, sql`updated_at = ${now}`]
  for (const [column, value] of compileMessageRules(rules, message, '')) {
    set.push(sql`${columnOf('', column)} = ${value}`)
  }
  return sql.join(set, sql`, `)
}

/** The tracked attributes the rules change on this message, in TRACKED's order. */
function trackedChanges(rules: readonly MessageRule[], message: MessageFacts, alias: string) {
  const values = compileMessageRules(rules, message, alias)
  return Object.entries(TRACKED).flatMap(([column, name]) => {
    const value = values.get(column as EffectColumn)
    if (!value) return []
    const before = columnOf(alias, column as EffectColumn)
    return [{ name, before, value, changed: sql`${before} is not ${value}` }]
  })
}

/** Whether the message changes any tracked attribute of the row (conversation_updated is due). */
export function messageChangesTracked(
  rules: readonly MessageRule[],
  message: MessageFacts,
  alias: string,
): SQL {
  const changes = trackedChanges(rules, message, alias)
  if (changes.length === 0) return sql`0`
  return sql`(${sql.join(
    changes.map((c) => c.changed),
    sql` or `,
  )})`
}

/**
 * patchConversation's changed_attributes for the message, from the row before its update: the
 * tracked attributes that change, in TRACKED's order, then updated_at.
 */
export function messageChangedAttributes(
  rules: readonly MessageRule[],
  message: MessageFacts,
  alias: string,
): SQL {
  const change = (name: string, previous: SQL, current: SQL) =>
    sql`json_object(${name}, json_object('previous_value', ${previous}, 'current_value', ${current}))`
  const parts = trackedChanges(rules, message, alias).map(
    (c) => sql`case when ${c.changed} then ${change(c.name, c.before, c.value)} end`,
  )
  parts.push(change('updated_at', columnOf(alias, 'updatedAt'), sql`${message.createdAt}`))
  // json_array keeps nulls; the parts that did not change are dropped from it.
  const all = sql`json_array(${sql.join(parts, sql`, `)})`
  return sql`(select json_group_array(json(value)) from json_each(${all}) where type <> 'null')`
}
