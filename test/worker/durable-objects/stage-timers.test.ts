import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { ConversationRoom } from '../../../worker/durable-objects/conversation-room'
import { conversationRoom } from '../../../worker/live/stubs'
import { backdatePlacement, funnelWorld, placeOk, rowsOf } from '../funnel-helpers'
import { openSocket } from '../live-helpers'

async function waitForTimer(room: DurableObjectStub, ms = 3000) {
  const until = Date.now() + ms
  for (;;) {
    const timers = await runInDurableObject(room, async (_o: ConversationRoom, state) =>
      state.storage.get<Record<string, number>>('timers'),
    )
    if (timers && Object.keys(timers).length > 0) return timers
    if (Date.now() > until) throw new Error('no timer was armed')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** The room's timer of a placement: its key names the account, whose shard the alert is on. */
const timerKey = (placementId: number, accountId: number) => `stage:${placementId}:${accountId}`

/** The stage alert was written once (an activity message naming the stage) and no timer is left. */
async function expectOneAlertAndNoTimers(
  room: DurableObjectStub<ConversationRoom>,
  conversationId: number,
) {
  const activity = (
    await rowsOf<{ message_type: number; content: string }>('messages', conversationId)
  ).filter((m) => m.message_type === 2)
  expect(activity).toHaveLength(1)
  expect(activity[0]!.content).toContain('Proposal')
  const left = await runInDurableObject(room, async (_o: ConversationRoom, state) =>
    state.storage.get<Record<string, number>>('timers'),
  )
  expect(left).toEqual({})
}

describe("a stage time-limit alert on the conversation's Durable Object alarm", () => {
  it('is armed by a move, survives eviction, fires once when due and is then gone', async () => {
    const s = await funnelWorld()
    const placement = (await placeOk(
      s.world,
      s.conversation,
      s.funnel.id,
      s.stages.proposal.id,
    )) as {
      id: number
      entered_at: number
    }
    const room = conversationRoom(env, s.world.accountId, s.conversation.id)
    const key = timerKey(placement.id, s.world.accountId)
    const timers = await waitForTimer(room)
    expect(timers).toEqual({ [key]: (placement.entered_at + 3600) * 1000 })

    // Memory is lost; storage (and so the timer) is not.
    await evictDurableObject(room)
    // The stay is older than the 60-minute limit now, and the timer is due.
    await backdatePlacement(s.conversation.id, s.funnel.id, 3601)
    await runInDurableObject(room, async (_o: ConversationRoom, state) => {
      await state.storage.put('timers', { [key]: Date.now() - 1 })
    })
    const socket = (
      await openSocket(
        `/api/v1/accounts/${s.world.accountId}/conversations/${s.conversation.displayId}/live`,
        { api_access_token: s.world.admin.token },
      )
    ).socket!
    await socket.next('ready')
    expect(await runDurableObjectAlarm(room)).toBe(true)
    // The room sends the alert's frame to its own sockets as it commits it.
    const updated = await socket.next('conversation.updated')
    expect(updated.data).toMatchObject({ id: s.conversation.displayId })
    socket.close()
    await expectOneAlertAndNoTimers(room, s.conversation.id)
    // Running the alarm again does not alert twice.
    await runInDurableObject(room, async (_o: ConversationRoom, state) => {
      await state.storage.put('timers', { [key]: Date.now() - 1 })
    })
    await runDurableObjectAlarm(room)
    expect(
      (await rowsOf<{ message_type: number }>('messages', s.conversation.id)).filter(
        (m) => m.message_type === 2,
      ),
    ).toHaveLength(1)
  })

  it('re-arms for the real due time when the alarm runs early', async () => {
    const s = await funnelWorld()
    const placement = (await placeOk(
      s.world,
      s.conversation,
      s.funnel.id,
      s.stages.proposal.id,
    )) as {
      id: number
      entered_at: number
    }
    const room = conversationRoom(env, s.world.accountId, s.conversation.id)
    const key = timerKey(placement.id, s.world.accountId)
    await waitForTimer(room)
    await runInDurableObject(room, async (_o: ConversationRoom, state) => {
      await state.storage.put('timers', { [key]: Date.now() - 1 })
    })
    await runDurableObjectAlarm(room)
    const timers = await runInDurableObject(room, async (_o: ConversationRoom, state) =>
      state.storage.get<Record<string, number>>('timers'),
    )
    expect(timers?.[key]).toBe((placement.entered_at + 3600) * 1000)
    expect(
      (await rowsOf<{ message_type: number }>('messages', s.conversation.id)).filter(
        (m) => m.message_type === 2,
      ),
    ).toHaveLength(0)
  })

  it('fires a timer armed before the shards, whose key names no account, once', async () => {
    const s = await funnelWorld()
    const placement = (await placeOk(
      s.world,
      s.conversation,
      s.funnel.id,
      s.stages.proposal.id,
    )) as { id: number }
    const room = conversationRoom(env, s.world.accountId, s.conversation.id)
    await waitForTimer(room)
    await backdatePlacement(s.conversation.id, s.funnel.id, 3601)
    // The room's storage as an older version left it: the alert finds its shard by itself.
    await runInDurableObject(room, async (_o: ConversationRoom, state) => {
      await state.storage.put('timers', { [`stage:${placement.id}`]: Date.now() - 1 })
    })
    await runDurableObjectAlarm(room)
    await expectOneAlertAndNoTimers(room, s.conversation.id)
  })
})
