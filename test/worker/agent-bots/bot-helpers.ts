import { api, PLATFORM_TOKEN, type World } from '../helpers'

export type Bot = { id: number; token: string; secret: string }

/** An agent bot made through the platform API: the account's, or global with `accountId` null. */
export async function createBot(
  accountId: number | null,
  outgoingUrl: string | null = null,
  name = 'Triage Bot',
): Promise<Bot> {
  const res = await api('/platform/api/v1/agent_bots', {
    token: PLATFORM_TOKEN,
    body: { name, account_id: accountId, outgoing_url: outgoingUrl },
  })
  if (res.status !== 200) throw new Error(`createBot: ${res.status} ${res.text}`)
  return { id: res.json.id, token: res.json.access_token, secret: res.json.secret }
}

export const inboxBotPath = (world: World, inboxId: number, action = 'agent_bot') =>
  `/api/v1/accounts/${world.accountId}/inboxes/${inboxId}/${action}`
