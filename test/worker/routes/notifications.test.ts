import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { notifyFromEvents } from '../../../worker/notifications/notify'
import { conversationPath, createScene, postMessage, type Scene } from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, type User } from '../helpers'
import { allPublished, openSocket } from '../live-helpers'
import { accountPath, addMember } from '../members-helpers'

type Listed = {
  data: {
    meta: { unread_count: number; count: number; current_page: number }
    payload: Record<string, unknown>[]
  }
}

const mention = (user: User, name: string) => `[@${name}](mention://user/${user.id}/${name})`

async function listOf(scene: Scene, user: User) {
  const res = await api(accountPath(scene.world, '/notifications'), { token: user.token })
  expect(res.status).toBe(200)
  return res.json as Listed
}

/** The user's notifications once the account's events are all published (they follow it). */
async function settledListOf(scene: Scene, user: User) {
  await allPublished(scene.world.accountId)
  return listOf(scene, user)
}

describe('notifications', () => {
  it('a mention in a private note notifies the mentioned agent who sees the inbox, and no one else', async () => {
    const scene = await createScene()
    const { world } = scene
    const outsider = await addMember(world.accountId) // an agent of the account, not of the inbox
    const conversation = await scene.conversation()
    const note = await postMessage(world, conversation.id, {
      content: `Can you look? ${mention(world.agent, 'Agent')} and ${mention(outsider, 'Out')}`,
      private: true,
    })
    expect(note.status).toBe(200)
    const mine = await settledListOf(scene, world.agent)
    expect(mine.data.meta).toEqual({ unread_count: 1, count: 1, current_page: 1 })
    expect(mine.data.payload[0]).toMatchObject({
      notification_type: 'conversation_mention',
      primary_actor_type: 'Conversation',
      primary_actor: { id: conversation.id, inbox_id: scene.inboxId },
      push_message_title: `[#${conversation.id}] Can you look? @Agent and @Out`,
      read_at: null,
      secondary_actor: { id: note.json.id, private: true },
      user: { id: world.agent.id, type: 'user' },
      account_id: world.accountId,
    })
    expect((await listOf(scene, outsider)).data.meta.count).toBe(0)
    expect((await listOf(scene, world.admin)).data.meta.count).toBe(0)
  })

  it('assigning a conversation notifies the assignee, and a visitor message in it notifies them again', async () => {
    const scene = await createScene()
    const { world } = scene
    const conversation = await scene.conversation()
    const assigned = await api(`${conversationPath(world, conversation.id)}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.agent.id },
    })
    expect(assigned.status).toBe(200)
    await postMessage(world, conversation.id, { content: 'Hello?', message_type: 'incoming' })
    const listed = await settledListOf(scene, world.agent)
    expect(listed.data.payload.map((n) => n.notification_type)).toEqual([
      'assigned_conversation_new_message',
      'conversation_assignment',
    ])
    expect(listed.data.payload[1]?.push_message_title).toBe(
      `A conversation (#${conversation.id}) has been assigned to you`,
    )
    // The assignee's own reply notifies no one.
    await postMessage(
      world,
      conversation.id,
      { content: 'Here', private: false },
      world.agent.token,
    )
    expect((await settledListOf(scene, world.agent)).data.meta.count).toBe(2)
  })

  it("a new notification reaches the notified agent's open dashboard, and no one else's", async () => {
    const scene = await createScene()
    const { world } = scene
    const feedOf = async (user: User) => {
      const path = accountPath(world, '/live')
      const socket = (await openSocket(path, { api_access_token: user.token })).socket
      if (!socket) throw new Error('no socket')
      await socket.next('ready')
      return socket
    }
    const [agent, admin] = [await feedOf(world.agent), await feedOf(world.admin)]
    const conversation = await scene.conversation()
    await postMessage(world, conversation.id, { content: mention(world.agent, 'A'), private: true })
    const frame = await agent.next('notification.created')
    expect(frame.data).toMatchObject({
      notification: {
        notification_type: 'conversation_mention',
        primary_actor: { id: conversation.id },
      },
      unread_count: 1,
      count: 1,
    })
    await allPublished(world.accountId)
    await admin.flush()
    expect(admin.frames.map((f) => f.event)).not.toContain('notification.created')
  })

  it('counts unread, marks one read, then marks all read', async () => {
    const scene = await createScene()
    const { world } = scene
    const conversation = await scene.conversation()
    for (const n of [1, 2]) {
      await postMessage(world, conversation.id, {
        content: `${n} ${mention(world.agent, 'A')}`,
        private: true,
      })
    }
    await allPublished(world.accountId)
    const count = () =>
      api(accountPath(world, '/notifications/unread_count'), { token: world.agent.token })
    expect((await count()).json).toBe(2)
    const [first] = (await listOf(scene, world.agent)).data.payload
    const patched = await api(accountPath(world, `/notifications/${first?.id}`), {
      method: 'PATCH',
      token: world.agent.token,
    })
    expect(patched.status).toBe(200)
    expect(patched.json.read_at).toEqual(expect.any(Number))
    expect((await count()).json).toBe(1)
    const readAll = await api(accountPath(world, '/notifications/read_all'), {
      token: world.agent.token,
      body: {},
    })
    expect(readAll.status).toBe(200)
    expect((await count()).json).toBe(0)
    expect((await listOf(scene, world.agent)).data.meta).toMatchObject({
      count: 2,
      unread_count: 0,
    })
  })

  it("another account's agent neither lists, reads nor deletes them", async () => {
    const scene = await createScene()
    const { world } = scene
    const conversation = await scene.conversation()
    await postMessage(world, conversation.id, { content: mention(world.agent, 'A'), private: true })
    const [notification] = (await settledListOf(scene, world.agent)).data.payload
    const other = await createWorld()
    const listed = await api(accountPath(world, '/notifications'), { token: other.agent.token })
    expectError(listed, listed.status)
    expect([401, 403, 404]).toContain(listed.status)
    const ownPath = `/api/v1/accounts/${other.accountId}/notifications/${notification?.id}`
    expectError(await api(ownPath, { method: 'PATCH', token: other.agent.token }), 404, 'not_found')
    expectError(
      await api(ownPath, { method: 'DELETE', token: other.agent.token }),
      404,
      'not_found',
    )
    // Nor does a colleague in the same account reach another agent's notification.
    const colleague = accountPath(world, `/notifications/${notification?.id}`)
    expectError(
      await api(colleague, { method: 'PATCH', token: world.admin.token }),
      404,
      'not_found',
    )
    expect((await listOf(scene, world.agent)).data.meta.unread_count).toBe(1)
  })

  it('publishing the same events again makes no second notification', async () => {
    const scene = await createScene()
    const { world } = scene
    const conversation = await scene.conversation()
    await postMessage(world, conversation.id, { content: mention(world.agent, 'A'), private: true })
    await allPublished(world.accountId)
    const d1 = await accountDb(world.accountId)
    const { results } = await d1
      .prepare('select id from events where account_id = ?')
      .bind(world.accountId)
      .all<{ id: number }>()
    await notifyFromEvents(
      env,
      createDb(d1),
      world.accountId,
      results.map((r) => r.id),
    )
    expect((await listOf(scene, world.agent)).data.meta.count).toBe(1)
  })

  it('an agent chooses what they get: with mentions off, a mention notifies no one', async () => {
    const scene = await createScene()
    const { world } = scene
    const path = accountPath(world, '/notification_settings')
    const before = await api(path, { token: world.agent.token })
    expect(before.json.selected_push_flags).toContain('push_conversation_mention')
    const saved = await api(path, {
      method: 'PATCH',
      token: world.agent.token,
      body: {
        notification_settings: {
          selected_email_flags: ['email_conversation_assignment'],
          selected_push_flags: ['push_conversation_assignment'],
        },
      },
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({
      user_id: world.agent.id,
      selected_push_flags: ['push_conversation_assignment'],
    })
    const bad = await api(path, {
      method: 'PATCH',
      token: world.agent.token,
      body: { notification_settings: { selected_push_flags: ['push_everything'] } },
    })
    expectError(bad, 422)
    const conversation = await scene.conversation()
    await postMessage(world, conversation.id, { content: mention(world.agent, 'A'), private: true })
    expect((await settledListOf(scene, world.agent)).data.meta.count).toBe(0)
  })
})
