import { accountDb, api, shardOfRow } from '../helpers'
import { scriptReceiver } from '../receiver'
import type { IdKind } from './world'

let counter = 0
export const rand = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`

export async function must(path: string, token: string, body?: Record<string, unknown>) {
  const res = await api(path, { token, body })
  if (res.status !== 200) throw new Error(`seeding ${path}: ${res.status} ${res.text}`)
  // biome-ignore lint/suspicious/noExplicitAny: seeding reads loosely typed JSON
  return res.json as any
}

/** What seeding one side needs: marking its strings, recording its secrets, its ids. */
export type Seeder = {
  mark: (what: string) => string
  secret: (value: unknown) => string
  ids: Partial<Record<IdKind, number>>
  spares: Partial<Record<IdKind, number>>
  /** Makes the primary and the spare of `kind`; returns the primary. */
  both: (kind: IdKind, make: () => Promise<number>) => Promise<number>
}

export function seeder(name: 'a' | 'b', markers: Set<string>): Seeder {
  const ids: Seeder['ids'] = {}
  const spares: Seeder['spares'] = {}
  return {
    mark: (what) => {
      const value = `zq${name}${what}${rand()}`
      markers.add(value)
      return value
    },
    secret: (value) => {
      if (typeof value === 'string' && value.length >= 8) markers.add(value)
      return value as string
    },
    ids,
    spares,
    both: async (kind, make) => {
      ids[kind] = await make()
      spares[kind] = await make()
      return ids[kind] as number
    },
  }
}

/**
 * The account's records, each kind twice (primary and spare), made by its administrator:
 * inboxes with the agents as members, webhooks with deliveries, custom attribute definitions,
 * contacts, conversations with messages and a private note, teams, labels, products, funnels
 * with stages, a placement and checklist items.
 */
export async function seedRecords(s: Seeder, accountId: number, t: string, agentIds: number[]) {
  const { mark, secret } = s
  const base = `/api/v1/accounts/${accountId}`

  const inboxId = await s.both('inbox', async () => {
    const created = await must(`${base}/inboxes`, t, {
      name: mark('inbox'),
      greeting_message: mark('greeting'),
      channel: { type: 'api' },
    })
    secret(created.inbox_identifier)
    secret(created.hmac_token)
    secret(created.webhook_secret)
    return created.id as number
  })
  await must(`${base}/inbox_members`, t, { inbox_id: inboxId, user_ids: agentIds })

  const hookUrl = await scriptReceiver(`fuzz${rand()}`)
  const webhookId = await s.both('webhook', async () => {
    const created = await must(`${base}/webhooks`, t, {
      // One URL per webhook in an account; the receiver ignores the query.
      url: `${hookUrl}?n=${rand()}`,
      name: mark('webhook'),
      subscriptions: ['conversation_created', 'message_created', 'contact_created'],
    })
    secret(created.payload.webhook.secret)
    return created.payload.webhook.id as number
  })

  const attribute = async (model: string, key: string) =>
    (
      await must(`${base}/custom_attribute_definitions`, t, {
        attribute_display_name: mark('attr'),
        attribute_display_type: 'text',
        attribute_key: key,
        attribute_model: model,
        attribute_description: mark('attr'),
      })
    ).id as number
  let attributeKey = 'note'
  await s.both('custom_attribute_definition', () => {
    const key = attributeKey
    attributeKey = mark('key')
    return attribute('conversation_attribute', key)
  })
  await attribute('contact_attribute', 'note')

  const contactId = await s.both('contact', async () => {
    const created = await must(`${base}/contacts`, t, {
      name: mark('contact'),
      email: `${mark('contact')}@example.com`,
      phone_number: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      inbox_id: inboxId,
      custom_attributes: { note: mark('attr') },
      additional_attributes: { city: mark('city') },
    })
    return created.payload.contact.id as number
  })
  // Both notes are on the primary contact, which the notes' paths name.
  await s.both('contact_note', async () => {
    const created = await must(`${base}/contacts/${contactId}/notes`, t, { content: mark('note') })
    return created.id as number
  })

  const conversationId = await s.both('conversation', async () => {
    const created = await must(`${base}/conversations`, t, {
      inbox_id: inboxId,
      contact_id: contactId,
      custom_attributes: { note: mark('attr') },
      message: { content: mark('opening') },
    })
    return created.id as number
  })
  const conv = `${base}/conversations/${conversationId}`
  await s.both('message', async () => {
    const created = await must(`${conv}/messages`, t, { content: mark('message'), private: false })
    return created.id as number
  })
  await must(`${conv}/messages`, t, { content: mark('note'), private: true })
  // The first agent's notifications, straight in D1: made by publishing, which runs after the
  // request (worker/notifications/notify.ts), and only the row matters here.
  const shard = await accountDb(accountId)
  await s.both('notification', async () => {
    const row = await shard
      .prepare(
        `insert into notifications (account_id, user_id, notification_type, primary_actor_id,
           source_key) values (?, ?, 'conversation_mention', ?, ?) returning id`,
      )
      .bind(accountId, agentIds[0], conversationId, `fuzz:${rand()}`)
      .first<{ id: number }>()
    return row?.id as number
  })

  const teamId = await s.both(
    'team',
    async () => (await must(`${base}/teams`, t, { name: mark('team') })).id as number,
  )
  await must(`${base}/teams/${teamId}/team_members`, t, { user_ids: agentIds.slice(0, 1) })

  const policies = `${base}/agent_capacity_policies`
  await s.both('capacity_policy', async () => {
    return (await must(policies, t, { name: mark('policy') })).id as number
  })
  // The primary limit is the primary policy's in the primary inbox, the spare the spares'.
  const limitOwners = [s.ids, s.spares]
  await s.both('inbox_capacity_limit', async () => {
    const owner = limitOwners.shift() ?? s.ids
    const body = { inbox_id: owner.inbox, conversation_limit: 5 }
    return (await must(`${policies}/${owner.capacity_policy}/inbox_limits`, t, body)).id as number
  })

  const labelTitle = mark('label')
  let title = labelTitle
  await s.both('label', async () => {
    const created = await must(`${base}/labels`, t, { title, description: mark('label') })
    title = mark('label')
    return created.id as number
  })
  await must(`${conv}/labels`, t, { labels: [labelTitle] })
  await must(`${base}/contacts/${contactId}/labels`, t, { labels: [labelTitle] })
  await s.both('canned_response', async () => {
    const body = { short_code: mark('code'), content: mark('canned') }
    return (await must(`${base}/canned_responses`, t, body)).id as number
  })

  await s.both('product', async () => {
    const created = await must(`${conv}/products`, t, {
      product_name: mark('product'),
      product_value: '12.50',
      quantity: 2,
      notes: mark('notes'),
    })
    return created.id as number
  })

  const funnelId = await s.both('funnel', async () => {
    const body = { name: mark('funnel'), description: mark('funnel') }
    return (await must(`${base}/funnels`, t, body)).id as number
  })
  const stageId = await s.both('stage', async () => {
    const created = await must(`${base}/funnels/${funnelId}/stages`, t, {
      name: mark('stage'),
      checklist_template: [{ title: mark('check'), required: false }],
    })
    return created.id as number
  })
  await must(`${conv}/funnel_stage`, t, { funnel_id: funnelId, stage_id: stageId })
  await s.both('checklist_item', async () => {
    const created = await must(`${conv}/checklist`, t, { stage_id: stageId, title: mark('item') })
    return created.id as number
  })

  s.ids.delivery = await firstDelivery(webhookId)
  s.spares.delivery = await firstDelivery(s.spares.webhook as number)
  // Contact import and export jobs go straight into D1 (the account's shard), never run: their
  // routes only read them.
  const db = await accountDb(accountId)
  await s.both('contact_import', async () => {
    const insert = 'insert into contact_imports (account_id, file_key) values (?, ?) returning id'
    return (await db.prepare(insert).bind(accountId, mark('import')).first<number>('id')) ?? 0
  })
  await s.both('contact_export', async () => {
    const insert =
      "insert into contact_exports (account_id, column_names, filters) values (?, '[]', '{}') returning id"
    return (await db.prepare(insert).bind(accountId).first<number>('id')) ?? 0
  })

  const { results } = await db
    .prepare('select source_id, pubsub_token from contact_inboxes where account_id = ? order by id')
    .bind(accountId)
    .all<{ source_id: string; pubsub_token: string }>()
  for (const row of results) {
    secret(row.source_id)
    secret(row.pubsub_token)
  }
  const identifier = await db
    .prepare('select identifier from inboxes where id = ?')
    .bind(inboxId)
    .first<string>('identifier')
  return {
    labelTitle,
    keys: { inbox_identifier: identifier ?? '', contact_identifier: results[0]?.source_id ?? '' },
  }
}

/**
 * The queue consumer records deliveries in the background; wait for the webhook's first, on the
 * shard the webhook's id names.
 */
async function firstDelivery(webhookId: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const id = await shardOfRow(webhookId)
      .prepare('select id from webhook_deliveries where webhook_id = ? order by id limit 1')
      .bind(webhookId)
      .first<number>('id')
    if (id) return id
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no delivery was recorded for webhook ${webhookId}`)
}
