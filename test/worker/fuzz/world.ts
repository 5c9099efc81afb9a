import { env } from 'cloudflare:test'
import { api, PLATFORM_TOKEN } from '../helpers'
import { scriptReceiver } from '../receiver'

/** Things a path or body can name by id; each side seeds a primary and a spare of each. */
export const ID_KINDS = [
  'account',
  'user',
  'agent_bot',
  'inbox',
  'contact',
  'conversation',
  'message',
  'team',
  'label',
  'custom_attribute_definition',
  'product',
  'funnel',
  'stage',
  'checklist_item',
  'webhook',
  'delivery',
] as const
export type IdKind = (typeof ID_KINDS)[number]
/** Public-API capabilities: strings, not ids. */
export type KeyKind = 'inbox_identifier' | 'contact_identifier'

export type Credential = { token: string; userId?: number }

/**
 * One account as an outsider would build it through the API, every name and text carrying a
 * marker string unique to the side, and every secret (tokens, source_ids, pubsub tokens,
 * identifiers) recorded: none of them may reach a caller from the other side.
 */
export type Side = {
  name: 'a' | 'b'
  accountId: number
  platformApp: Credential & { id: number }
  admin: Credential & { userId: number }
  agent: Credential & { userId: number }
  bot: Credential & { id: number }
  /** Primary ids are left alone; spares are what destructive calls may consume. */
  ids: Record<IdKind, number>
  spares: Record<IdKind, number>
  keys: Record<KeyKind, string>
  labelTitle: string
  markers: Set<string>
}

let counter = 0
const rand = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`

async function must(path: string, token: string, body?: Record<string, unknown>) {
  const res = await api(path, { token, body })
  if (res.status !== 200) throw new Error(`seeding ${path}: ${res.status} ${res.text}`)
  // biome-ignore lint/suspicious/noExplicitAny: seeding reads loosely typed JSON
  return res.json as any
}

/** Seeds one side. Markers are lower-case letters and digits, valid in every field they go in. */
export async function seedSide(name: 'a' | 'b', hookName = `fuzz${rand()}`): Promise<Side> {
  const markers = new Set<string>()
  const mark = (what: string) => {
    const value = `zq${name}${what}${rand()}`
    markers.add(value)
    return value
  }
  const secret = (value: unknown) => {
    if (typeof value === 'string' && value.length >= 8) markers.add(value)
    return value as string
  }

  const app = await must('/platform/api/v1/platform_apps', PLATFORM_TOKEN, { name: mark('app') })
  const p = secret(app.access_token)
  const accountId = (await must('/platform/api/v1/accounts', p, { name: mark('account') })).id
  const spareAccountId = (await must('/platform/api/v1/accounts', p, { name: mark('account') })).id
  const user = async (role: 'administrator' | 'agent') => {
    const created = await must('/platform/api/v1/users', p, {
      name: mark('user'),
      email: `${mark('email')}@example.com`,
      custom_attributes: { note: mark('attr') },
    })
    secret(created.pubsub_token)
    await must(`/platform/api/v1/accounts/${accountId}/account_users`, p, {
      user_id: created.id,
      role,
    })
    return { userId: created.id as number, token: secret(created.access_token) }
  }
  const admin = await user('administrator')
  const agent = await user('agent')
  const spareUser = await user('agent')
  const bot = async () => {
    const created = await must('/platform/api/v1/agent_bots', p, {
      name: mark('bot'),
      description: mark('bot'),
      account_id: accountId,
    })
    return { id: created.id as number, token: secret(created.access_token) }
  }
  const primaryBot = await bot()
  const spareBot = await bot()

  const base = `/api/v1/accounts/${accountId}`
  const t = admin.token
  const inbox = async () => {
    const created = await must(`${base}/inboxes`, t, {
      name: mark('inbox'),
      greeting_message: mark('greeting'),
      channel: { type: 'api' },
    })
    secret(created.inbox_identifier)
    secret(created.hmac_token)
    secret(created.webhook_secret)
    return created.id as number
  }
  const inboxId = await inbox()
  const spareInboxId = await inbox()
  await must(`${base}/inbox_members`, t, {
    inbox_id: inboxId,
    user_ids: [agent.userId, spareUser.userId],
  })

  const hookUrl = await scriptReceiver(hookName)
  const webhook = async () => {
    const created = await must(`${base}/webhooks`, t, {
      // One URL per webhook in an account; the receiver ignores the query.
      url: `${hookUrl}?n=${rand()}`,
      name: mark('webhook'),
      subscriptions: ['conversation_created', 'message_created', 'contact_created'],
    })
    secret(created.payload.webhook.secret)
    return created.payload.webhook.id as number
  }
  const webhookId = await webhook()
  const spareWebhookId = await webhook()

  const attribute = async (model: string, key = mark('key')) =>
    (
      await must(`${base}/custom_attribute_definitions`, t, {
        attribute_display_name: mark('attr'),
        attribute_display_type: 'text',
        attribute_key: key,
        attribute_model: model,
        attribute_description: mark('attr'),
      })
    ).id as number
  const attributeId = await attribute('conversation_attribute', 'note')
  const spareAttributeId = await attribute('conversation_attribute')
  await attribute('contact_attribute', 'note')

  const contact = async () => {
    const created = await must(`${base}/contacts`, t, {
      name: mark('contact'),
      email: `${mark('contact')}@example.com`,
      phone_number: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      inbox_id: inboxId,
      custom_attributes: { note: mark('attr') },
      additional_attributes: { city: mark('city') },
    })
    return created.payload.contact.id as number
  }
  const contactId = await contact()
  const spareContactId = await contact()

  const conversation = async () => {
    const created = await must(`${base}/conversations`, t, {
      inbox_id: inboxId,
      contact_id: contactId,
      custom_attributes: { note: mark('attr') },
      message: { content: mark('opening') },
    })
    return created.id as number
  }
  const conversationId = await conversation()
  const spareConversationId = await conversation()
  const conv = `${base}/conversations/${conversationId}`
  const message = async () =>
    (await must(`${conv}/messages`, t, { content: mark('message'), private: false })).id as number
  const messageId = await message()
  const spareMessageId = await message()
  await must(`${conv}/messages`, t, { content: mark('note'), private: true })

  const team = async () => (await must(`${base}/teams`, t, { name: mark('team') })).id as number
  const teamId = await team()
  const spareTeamId = await team()
  await must(`${base}/teams/${teamId}/team_members`, t, { user_ids: [agent.userId] })

  const labelTitle = mark('label')
  const label = async (title: string) =>
    (await must(`${base}/labels`, t, { title, description: mark('label') })).id as number
  const labelId = await label(labelTitle)
  const spareLabelId = await label(mark('label'))
  await must(`${conv}/labels`, t, { labels: [labelTitle] })
  await must(`${base}/contacts/${contactId}/labels`, t, { labels: [labelTitle] })

  const product = async () =>
    (
      await must(`${conv}/products`, t, {
        product_name: mark('product'),
        product_value: '12.50',
        quantity: 2,
        notes: mark('notes'),
      })
    ).id as number
  const productId = await product()
  const spareProductId = await product()

  const funnel = async () =>
    (await must(`${base}/funnels`, t, { name: mark('funnel'), description: mark('funnel') }))
      .id as number
  const funnelId = await funnel()
  const spareFunnelId = await funnel()
  const stage = async () =>
    (
      await must(`${base}/funnels/${funnelId}/stages`, t, {
        name: mark('stage'),
        checklist_template: [{ title: mark('check'), required: false }],
      })
    ).id as number
  const stageId = await stage()
  const spareStageId = await stage()
  await must(`${conv}/funnel_stage`, t, { funnel_id: funnelId, stage_id: stageId })
  const item = async () =>
    (await must(`${conv}/checklist`, t, { stage_id: stageId, title: mark('item') })).id as number
  const itemId = await item()
  const spareItemId = await item()

  const { results: inboxSecrets } = await env.DB.prepare(
    'select source_id, pubsub_token from contact_inboxes where account_id = ?',
  )
    .bind(accountId)
    .all<{ source_id: string; pubsub_token: string }>()
  for (const row of inboxSecrets) {
    secret(row.source_id)
    secret(row.pubsub_token)
  }
  const sourceId = inboxSecrets[0]?.source_id ?? ''
  const identifier = await env.DB.prepare('select identifier from inboxes where id = ?')
    .bind(inboxId)
    .first<string>('identifier')

  return {
    name,
    accountId,
    platformApp: { id: app.id, token: p },
    admin,
    agent,
    bot: primaryBot,
    ids: {
      account: accountId,
      user: agent.userId,
      agent_bot: primaryBot.id,
      inbox: inboxId,
      contact: contactId,
      conversation: conversationId,
      message: messageId,
      team: teamId,
      label: labelId,
      custom_attribute_definition: attributeId,
      product: productId,
      funnel: funnelId,
      stage: stageId,
      checklist_item: itemId,
      webhook: webhookId,
      delivery: await firstDelivery(webhookId),
    },
    spares: {
      account: spareAccountId,
      user: spareUser.userId,
      agent_bot: spareBot.id,
      inbox: spareInboxId,
      contact: spareContactId,
      conversation: spareConversationId,
      message: spareMessageId,
      team: spareTeamId,
      label: spareLabelId,
      custom_attribute_definition: spareAttributeId,
      product: spareProductId,
      funnel: spareFunnelId,
      stage: spareStageId,
      checklist_item: spareItemId,
      webhook: spareWebhookId,
      delivery: await firstDelivery(spareWebhookId),
    },
    keys: { inbox_identifier: identifier ?? '', contact_identifier: sourceId },
    labelTitle,
    markers,
  }
}

/** The queue consumer records deliveries in the background; wait for the webhook's first. */
async function firstDelivery(webhookId: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const id = await env.DB.prepare(
      'select id from webhook_deliveries where webhook_id = ? order by id limit 1',
    )
      .bind(webhookId)
      .first<number>('id')
    if (id) return id
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no delivery was recorded for webhook ${webhookId}`)
}

/** Two accounts, each made and owned by its own platform app. */
export async function seedWorld() {
  const [a, b] = [await seedSide('a'), await seedSide('b')]
  return { a, b }
}
export type FuzzWorld = Awaited<ReturnType<typeof seedWorld>>
