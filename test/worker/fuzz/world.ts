import { PLATFORM_TOKEN } from '../helpers'
import { must, seeder, seedRecords } from './world-records'

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
  'canned_response',
  'custom_attribute_definition',
  'product',
  'funnel',
  'stage',
  'checklist_item',
  'webhook',
  'delivery',
  'contact_import',
  'contact_export',
  'capacity_policy',
  'inbox_capacity_limit',
  'contact_note',
  'notification',
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

/** Seeds one side. Markers are lower-case letters and digits, valid in every field they go in. */
export async function seedSide(name: 'a' | 'b'): Promise<Side> {
  const markers = new Set<string>()
  const s = seeder(name, markers)
  const { mark, secret } = s

  const app = await must('/platform/api/v1/platform_apps', PLATFORM_TOKEN, { name: mark('app') })
  const p = secret(app.access_token)
  const newAccount = async () =>
    (await must('/platform/api/v1/accounts', p, { name: mark('account') })).id as number
  const accountId = await s.both('account', newAccount)

  const users: { userId: number; token: string }[] = []
  const newUser = async () => {
    const created = await must('/platform/api/v1/users', p, {
      name: mark('user'),
      email: `${mark('email')}@example.com`,
      custom_attributes: { note: mark('attr') },
    })
    secret(created.pubsub_token)
    await must(`/platform/api/v1/accounts/${accountId}/account_users`, p, {
      user_id: created.id,
      role: users.length === 0 ? 'administrator' : 'agent',
    })
    users.push({ userId: created.id, token: secret(created.access_token) })
    return created.id as number
  }
  await newUser()
  // The agent is the primary user id (agents/{id} and the like); the third user is the spare.
  await s.both('user', newUser)
  const [admin, agent] = users as [(typeof users)[0], (typeof users)[0]]

  const bots: Record<number, string> = {}
  await s.both('agent_bot', async () => {
    const created = await must('/platform/api/v1/agent_bots', p, {
      name: mark('bot'),
      description: mark('bot'),
      account_id: accountId,
    })
    bots[created.id] = secret(created.access_token)
    return created.id as number
  })

  const { keys, labelTitle } = await seedRecords(s, accountId, admin.token, [
    agent.userId,
    s.spares.user as number,
  ])
  const botId = s.ids.agent_bot as number
  return {
    name,
    accountId,
    platformApp: { id: app.id, token: p },
    admin,
    agent,
    bot: { id: botId, token: bots[botId] as string },
    ids: s.ids as Record<IdKind, number>,
    spares: s.spares as Record<IdKind, number>,
    keys,
    labelTitle,
    markers,
  }
}

/** Two accounts, each made and owned by its own platform app. */
export async function seedWorld() {
  const [a, b] = await Promise.all([seedSide('a'), seedSide('b')])
  return { a, b }
}
export type FuzzWorld = Awaited<ReturnType<typeof seedWorld>>
