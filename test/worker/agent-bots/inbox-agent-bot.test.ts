import { describe, expect, it } from 'vitest'
import {
  accountPath,
  connectAgentBot,
  conversationRow,
  createScene,
  postMessage,
} from '../conversation-helpers'
import { api, createWorld, expectError } from '../helpers'
import { createPublicInbox, createVisitor, startConversation } from '../public-helpers'
import { createBot, inboxBotPath } from './bot-helpers'

describe('an inbox agent bot (set_agent_bot, agent_bot)', () => {
  it('is connected, shown and removed by administrators only', async () => {
    const scene = await createScene('api')
    const { world, inboxId } = scene
    const bot = await createBot(world.accountId, 'https://bot.example.com/hook')
    const token = world.admin.token
    expect(await api(inboxBotPath(world, inboxId), { token })).toMatchObject({
      status: 200,
      json: { agent_bot: {} },
    })
    for (const agentCall of [
      api(inboxBotPath(world, inboxId), { token: world.agent.token }),
      api(inboxBotPath(world, inboxId, 'set_agent_bot'), {
        token: world.agent.token,
        body: { agent_bot: bot.id },
      }),
    ]) {
      expectError(await agentCall, 403)
    }
    const set = await api(inboxBotPath(world, inboxId, 'set_agent_bot'), {
      token,
      body: { agent_bot: bot.id },
    })
    expect(set).toMatchObject({ status: 200, json: {} })
    expect((await api(inboxBotPath(world, inboxId), { token })).json).toEqual({
      agent_bot: {
        id: bot.id,
        name: 'Triage Bot',
        description: null,
        outgoing_url: 'https://bot.example.com/hook',
        account_id: world.accountId,
        secret: bot.secret,
      },
    })
    const unset = await api(inboxBotPath(world, inboxId, 'set_agent_bot'), {
      token,
      body: { agent_bot: null },
    })
    expect(unset.status).toBe(200)
    expect((await api(inboxBotPath(world, inboxId), { token })).json).toEqual({ agent_bot: {} })
  })

  it("answers 404 for another account's bot or inbox, and accepts a global bot", async () => {
    const scene = await createScene('api')
    const { world, inboxId } = scene
    const other = await createWorld()
    const foreign = await createBot(other.accountId)
    const token = world.admin.token
    const setPath = inboxBotPath(world, inboxId, 'set_agent_bot')
    expectError(await api(setPath, { token, body: { agent_bot: foreign.id } }), 404)
    expectError(await api(setPath, { token, body: { agent_bot: 999_999_999 } }), 404)
    const otherScene = await createScene('api')
    expectError(
      await api(inboxBotPath(world, otherScene.inboxId, 'set_agent_bot'), {
        token,
        body: { agent_bot: foreign.id },
      }),
      404,
    )
    expectError(await api(setPath, { token, body: {} }), 422)
    expect((await api(inboxBotPath(world, inboxId), { token })).json).toEqual({ agent_bot: {} })

    const global = await createBot(null, null, 'Global Bot')
    expect((await api(setPath, { token, body: { agent_bot: global.id } })).status).toBe(200)
    const shown = (await api(inboxBotPath(world, inboxId), { token })).json.agent_bot
    // A global bot's secret belongs to its platform app, not to the accounts that use it.
    expect(shown).toEqual({
      id: global.id,
      name: 'Global Bot',
      description: null,
      outgoing_url: null,
      account_id: null,
    })
  })

  it("lists the account's own bots and the global ones, to administrators", async () => {
    const world = await createWorld()
    const own = await createBot(world.accountId)
    const global = await createBot(null)
    const foreign = await createBot((await createWorld()).accountId)
    const res = await api(`${accountPath(world)}/agent_bots`, { token: world.admin.token })
    expect(res.status).toBe(200)
    const ids = res.json.map((b: { id: number }) => b.id)
    expect(ids).toContain(own.id)
    expect(ids).toContain(global.id)
    expect(ids).not.toContain(foreign.id)
    expectError(await api(`${accountPath(world)}/agent_bots`, { token: world.agent.token }), 403)
  })
})

describe('conversations in a bot inbox', () => {
  it('start pending there, through the widget and the agent API, and open elsewhere', async () => {
    const world = await createWorld()
    const botInbox = await createPublicInbox(world, 'web_widget')
    const plainInbox = await createPublicInbox(world, 'web_widget')
    const bot = await createBot(world.accountId)
    await connectAgentBot(world, botInbox.id, bot.id)

    const inBot = await startConversation(botInbox, await createVisitor(botInbox))
    expect(inBot.json.status).toBe('pending')
    const elsewhere = await startConversation(plainInbox, await createVisitor(plainInbox))
    expect(elsewhere.json.status).toBe('open')

    const visitor = await createVisitor(botInbox)
    const viaApi = await api(`${accountPath(world)}/conversations`, {
      token: world.admin.token,
      body: { source_id: visitor.sourceId, inbox_id: botInbox.id },
    })
    expect(viaApi.json.status).toBe('pending')
    // An explicit status is kept: an API caller asking for resolved gets it.
    const resolved = await api(`${accountPath(world)}/conversations`, {
      token: world.admin.token,
      body: { source_id: visitor.sourceId, inbox_id: botInbox.id, status: 'resolved' },
    })
    expect(resolved.json.status).toBe('resolved')
  })

  it('are answered by the bot with its own token, and handed off to humans with toggle_status', async () => {
    const scene = await createScene('api')
    const { world } = scene
    const bot = await createBot(world.accountId)
    await connectAgentBot(world, scene.inboxId, bot.id)
    const conversation = await scene.conversation()
    expect(conversation.status).toBe('pending')

    const reply = await postMessage(world, conversation.id, { content: 'Bot here' }, bot.token)
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({
      message_type: 1,
      sender: { id: bot.id, type: 'agent_bot', name: 'Triage Bot' },
    })
    const handoff = await api(
      `${accountPath(world)}/conversations/${conversation.id}/toggle_status`,
      {
        token: bot.token,
        body: { status: 'open' },
      },
    )
    expect(handoff.json.payload).toMatchObject({ success: true, current_status: 'open' })
    expect((await conversationRow(world.accountId, conversation.id))?.status).toBe('open')
  })

  it("are the only ones the bot reaches: not other inboxes', not before it is connected", async () => {
    const scene = await createScene('api')
    const { world } = scene
    const bot = await createBot(world.accountId)
    const before = await scene.conversation()
    // A bot of the account with no inbox reaches no conversation.
    expectError(await postMessage(world, before.id, { content: 'x' }, bot.token), 403)

    const botInbox = await api(`${accountPath(world)}/inboxes`, {
      token: world.admin.token,
      body: { name: 'Bot inbox', channel: { type: 'api' } },
    })
    await connectAgentBot(world, botInbox.json.id, bot.id)
    const path = `${accountPath(world)}/conversations/${before.id}`
    for (const call of [
      postMessage(world, before.id, { content: 'x' }, bot.token),
      api(`${path}/toggle_status`, { token: bot.token, body: { status: 'resolved' } }),
      api(`${path}/toggle_priority`, { token: bot.token, body: { priority: 'high' } }),
      api(`${path}/assignments`, { token: bot.token, body: { assignee_id: world.agent.id } }),
      api(path, { method: 'PATCH', token: bot.token, body: { priority: 'low' } }),
      api(`${accountPath(world)}/conversations`, {
        token: bot.token,
        body: { inbox_id: scene.inboxId, contact_id: scene.contactId },
      }),
    ]) {
      expectError(await call, 403)
    }
    const row = await conversationRow(world.accountId, before.id)
    expect(row).toMatchObject({ status: 'open', priority: null, assignee_id: null })
    // In its own inbox it may start one.
    const own = await api(`${accountPath(world)}/conversations`, {
      token: bot.token,
      body: { inbox_id: botInbox.json.id, contact_id: scene.contactId },
    })
    expect(own.status).toBe(200)
    expect(own.json.status).toBe('pending')
  })

  it('lets a global bot answer in an account whose inbox it serves, and no other', async () => {
    const scene = await createScene('api')
    const { world } = scene
    const bot = await createBot(null)
    const conversation = await scene.conversation()
    const reply = () => postMessage(world, conversation.id, { content: 'hi' }, bot.token)
    expectError(await reply(), 401)
    await connectAgentBot(world, scene.inboxId, bot.id)
    expect((await reply()).status).toBe(200)
    const other = await createScene('api')
    const theirs = await other.conversation()
    expectError(await postMessage(other.world, theirs.id, { content: 'hi' }, bot.token), 401)
  })
})
