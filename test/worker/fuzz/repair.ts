import { env } from 'cloudflare:test'
import { accountDb, api } from '../helpers'
import type { CredentialPool } from './credentials'
import type { FuzzWorld, Side } from './world'

async function must(
  path: string,
  token: Promise<string>,
  method: string,
  body: Record<string, unknown>,
) {
  const res = await api(path, { method, token: await token, body })
  if (res.status !== 200) throw new Error(`repair ${method} ${path}: ${res.status} ${res.text}`)
}

/**
 * Valid fuzzed calls change the world: an administrator demoted, the agent taken out of its
 * inbox, a user of one side added to the other's account, the bot moved. Putting the seeded
 * memberships back before each operation keeps every operation fuzzed from the same footing.
 */
async function repairSide(pool: CredentialPool, side: Side, other: Side) {
  const platform = `/platform/api/v1/accounts/${side.accountId}/account_users`
  // Memberships and bots are global rows, read from their truth, the directory; inbox members
  // are account data, on the account's shard.
  const { results } = await env.DIRECTORY.prepare(
    'select user_id, role from account_users where account_id = ?',
  )
    .bind(side.accountId)
    .all<{ user_id: number; role: string }>()
  const roles = new Map(results.map((r) => [r.user_id, r.role]))
  for (const [userId, role] of [
    [side.admin.userId, 'administrator'],
    [side.agent.userId, 'agent'],
  ] as const) {
    if (roles.get(userId) !== role) {
      await must(platform, pool.platformToken(side), 'POST', { user_id: userId, role })
    }
  }
  for (const userId of [other.admin.userId, other.agent.userId, other.spares.user]) {
    if (roles.has(userId))
      await must(platform, pool.platformToken(side), 'DELETE', { user_id: userId })
  }
  const member = await (await accountDb(side.accountId))
    .prepare('select 1 as member from inbox_members where inbox_id = ? and user_id = ?')
    .bind(side.ids.inbox, side.agent.userId)
    .first()
  if (!member) {
    await must(
      `/api/v1/accounts/${side.accountId}/inbox_members`,
      pool.userToken(side, 'admin'),
      'POST',
      {
        inbox_id: side.ids.inbox,
        user_ids: [side.agent.userId],
      },
    )
  }
  const botAccount = await env.DIRECTORY.prepare('select account_id from agent_bots where id = ?')
    .bind(side.bot.id)
    .first<number | null>('account_id')
  if (botAccount !== side.accountId) {
    await must(`/platform/api/v1/agent_bots/${side.bot.id}`, pool.platformToken(side), 'PATCH', {
      account_id: side.accountId,
    })
  }
}

export async function repairWorld(pool: CredentialPool, world: FuzzWorld) {
  await repairSide(pool, world.a, world.b)
  await repairSide(pool, world.b, world.a)
}
