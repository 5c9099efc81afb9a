import { describe, expect, it } from 'vitest'
import { connectAgentBot } from '../conversation-helpers'
import { api, createWorld, type World } from '../helpers'
import {
  conversationOf,
  createPublicInbox,
  createVisitor,
  type PublicInbox,
  startConversation,
} from '../public-helpers'
import { createBot } from './bot-helpers'

async function resolvedConversation(world: World, inbox: PublicInbox) {
  const visitor = await createVisitor(inbox)
  const conversation = await startConversation(inbox, visitor)
  const resolve = await api(
    `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/toggle_status`,
    { token: world.admin.token, body: { status: 'resolved' } },
  )
  expect(resolve.json.payload.current_status).toBe('resolved')
  return { visitor, conversation }
}

async function statusOf(world: World, displayId: number) {
  const res = await api(`/api/v1/accounts/${world.accountId}/conversations/${displayId}`, {
    token: world.admin.token,
  })
  return res.json.status as string
}

describe('a visitor writing to a resolved conversation', () => {
  it('reopens it pending in a bot inbox, for the bot to answer first, and open elsewhere', async () => {
    const world = await createWorld()
    const botInbox = await createPublicInbox(world, 'web_widget')
    const plainInbox = await createPublicInbox(world, 'web_widget')
    await connectAgentBot(world, botInbox.id, (await createBot(world.accountId)).id)

    for (const [inbox, expected] of [
      [botInbox, 'pending'],
      [plainInbox, 'open'],
    ] as const) {
      const { visitor, conversation } = await resolvedConversation(world, inbox)
      const sent = await inbox.call(`${conversationOf(visitor, conversation.displayId)}/messages`, {
        body: { content: 'Back again' },
      })
      expect(sent.status).toBe(200)
      expect(await statusOf(world, conversation.displayId)).toBe(expected)
    }
  })
})
