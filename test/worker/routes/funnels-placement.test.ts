import { describe, expect, it } from 'vitest'
import {
  accountPath,
  backdatePlacement,
  conversationPath,
  createFunnel,
  createStage,
  funnelWorld,
  insertConversation,
  place,
  placeOk,
  rowsOf,
} from '../funnel-helpers'
import { api, expectError } from '../helpers'
import { conversationEvents } from '../product-helpers'

type Item = { id: number; title: string; required: boolean; checked: boolean; stage_id: number }

async function checklist(s: Awaited<ReturnType<typeof funnelWorld>>, stageId?: number) {
  const query = stageId === undefined ? '' : `?stage_id=${stageId}`
  const res = await api(conversationPath(s.world, s.conversation, `/checklist${query}`), {
    token: s.world.admin.token,
  })
  expect(res.status, res.text).toBe(200)
  return res.json.payload as Item[]
}

async function check(s: Awaited<ReturnType<typeof funnelWorld>>, item: Item) {
  const res = await api(conversationPath(s.world, s.conversation, `/checklist/${item.id}`), {
    method: 'PATCH',
    token: s.world.admin.token,
    body: { checked: true },
  })
  expect(res.status, res.text).toBe(200)
}

const placementState = async (conversationId: number) => ({
  placements: await rowsOf('conversation_stages', conversationId),
  transitions: await rowsOf('stage_transitions', conversationId),
  items: await rowsOf('checklist_items', conversationId),
  events: await conversationEvents(conversationId),
})

describe('placing and moving conversations', () => {
  it('places a conversation, copying the stage checklist and recording the move and its event', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    const placed = await placeOk(world, conversation, funnel.id, stages.lead.id, world.agent.token)
    expect(placed).toEqual({
      id: expect.any(Number),
      conversation_id: conversation.displayId,
      funnel_id: funnel.id,
      stage_id: stages.lead.id,
      funnel: { id: funnel.id, name: 'Pipeline' },
      stage: {
        id: stages.lead.id,
        name: 'Lead',
        color: '#112233',
        position: 0,
        time_limit_minutes: null,
      },
      entered_at: expect.any(Number),
      time_in_stage_seconds: expect.any(Number),
      time_limit_exceeded: false,
      alerted_at: null,
    })
    const items = await checklist(s)
    expect(items.map((i) => [i.title, i.required, i.checked, i.stage_id])).toEqual([
      ['Qualify budget', true, false, stages.lead.id],
      ['Send brochure', false, false, stages.lead.id],
    ])
    expect(await conversationEvents(conversation.id)).toEqual([
      expect.objectContaining({
        kind: 'conversation_updated',
        inboxId: conversation.inboxId,
        contactId: conversation.contactId,
        changedAttributes: [
          {
            funnel_stage: {
              previous_value: null,
              current_value: { funnel_id: funnel.id, stage_id: stages.lead.id },
            },
          },
        ],
      }),
    ])
    const listed = await api(conversationPath(world, conversation, '/funnel_stages'), {
      token: world.agent.token,
    })
    expect(listed.json).toEqual({
      payload: [{ ...placed, time_in_stage_seconds: expect.any(Number) }],
    })
  })

  it('moves within a funnel: one stage per funnel, timer restarted, fresh placement, both values in the event', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    const first = await placeOk(world, conversation, funnel.id, stages.won.id)
    await backdatePlacement(conversation.id, funnel.id, 7200)
    const listed = await api(conversationPath(world, conversation, '/funnel_stages'), {
      token: world.admin.token,
    })
    expect(listed.json.payload[0].time_in_stage_seconds).toBeGreaterThanOrEqual(7200)
    const moved = await placeOk(world, conversation, funnel.id, stages.proposal.id)
    expect(moved.stage_id).toBe(stages.proposal.id)
    expect(moved.id).not.toBe(first.id)
    expect(moved.entered_at).toBeGreaterThanOrEqual(first.entered_at)
    expect(moved.time_in_stage_seconds).toBeLessThan(7200)
    const placements = await rowsOf<{ stage_id: number; alerted_at: number | null }>(
      'conversation_stages',
      conversation.id,
    )
    expect(placements).toEqual([
      expect.objectContaining({ stage_id: stages.proposal.id, alerted_at: null }),
    ])
    const events = await conversationEvents(conversation.id)
    expect(events[1]?.changedAttributes).toEqual([
      {
        funnel_stage: {
          previous_value: { funnel_id: funnel.id, stage_id: stages.won.id },
          current_value: { funnel_id: funnel.id, stage_id: stages.proposal.id },
        },
      },
    ])
    const second = await createFunnel(world, { name: 'Onboarding' })
    const kickoff = await createStage(world, second.id, { name: 'Kickoff' })
    await placeOk(world, conversation, second.id, kickoff.id)
    const both = await api(conversationPath(world, conversation, '/funnel_stages'), {
      token: world.admin.token,
    })
    expect(
      both.json.payload.map((p: { funnel_id: number; stage_id: number }) => [
        p.funnel_id,
        p.stage_id,
      ]),
    ).toEqual([
      [funnel.id, stages.proposal.id],
      [second.id, kickoff.id],
    ])
  })

  it('placing a conversation in the stage it is in changes nothing', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    const first = await placeOk(world, conversation, funnel.id, stages.lead.id)
    const before = await placementState(conversation.id)
    const again = await placeOk(world, conversation, funnel.id, stages.lead.id)
    expect(again.id).toBe(first.id)
    expect(await placementState(conversation.id)).toEqual(before)
  })

  it('refuses a forward move past open required items with 422 naming each, and changes nothing', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    await placeOk(world, conversation, funnel.id, stages.lead.id)
    const extra = await api(conversationPath(world, conversation, '/checklist'), {
      token: world.admin.token,
      body: { stage_id: stages.lead.id, title: 'Sign NDA', required: true },
    })
    const before = await placementState(conversation.id)
    const items = await checklist(s)
    const qualify = items.find((i) => i.title === 'Qualify budget')!
    for (const [target, token] of [
      [stages.proposal.id, world.admin.token],
      [stages.won.id, world.agent.token],
    ] as const) {
      const res = await place(world, conversation, funnel.id, target, token)
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors).toEqual([
        {
          field: `checklist.${qualify.id}`,
          message: '"Qualify budget" is required and unchecked',
          code: 'required_item_open',
        },
        {
          field: `checklist.${extra.json.id}`,
          message: '"Sign NDA" is required and unchecked',
          code: 'required_item_open',
        },
      ])
    }
    expect(await placementState(conversation.id)).toEqual(before)
    await check(s, qualify)
    const stillOpen = await place(world, conversation, funnel.id, stages.proposal.id)
    expect(stillOpen.json.errors.map((e: { field: string }) => e.field)).toEqual([
      `checklist.${extra.json.id}`,
    ])
    await check(s, extra.json)
    // The unchecked optional item ("Send brochure") does not block.
    expect(
      (await placeOk(world, conversation, funnel.id, stages.proposal.id, world.agent.token))
        .stage_id,
    ).toBe(stages.proposal.id)
  })

  it('lets an administrator force a forward move; an agent passing force gets 403 and nothing changes', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    await placeOk(world, conversation, funnel.id, stages.lead.id)
    const before = await placementState(conversation.id)
    const refused = await place(world, conversation, funnel.id, stages.won.id, world.agent.token, {
      force: true,
    })
    expectError(refused, 403, 'forbidden')
    // Even where no force is needed (a backward move) an agent may not send it.
    expectError(
      await place(world, conversation, funnel.id, stages.lead.id, world.agent.token, {
        force: true,
      }),
      403,
    )
    expect(await placementState(conversation.id)).toEqual(before)
    expectError(
      await place(world, conversation, funnel.id, stages.won.id, world.admin.token, {
        force: 'yes',
      }),
      422,
    )
    const forced = await placeOk(world, conversation, funnel.id, stages.won.id, world.admin.token, {
      force: true,
    })
    expect(forced.stage_id).toBe(stages.won.id)
    expect(
      (await rowsOf<{ to_stage_id: number }>('stage_transitions', conversation.id)).at(-1)
        ?.to_stage_id,
    ).toBe(stages.won.id)
  })

  it('allows moving backward with open required items', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    await placeOk(world, conversation, funnel.id, stages.proposal.id)
    const moved = await placeOk(world, conversation, funnel.id, stages.lead.id, world.agent.token)
    expect(moved.stage_id).toBe(stages.lead.id)
  })

  it('copies a stage checklist only the first time a conversation enters the stage', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    await placeOk(world, conversation, funnel.id, stages.lead.id)
    const [qualify, brochure] = await checklist(s)
    await check(s, qualify!)
    await api(conversationPath(world, conversation, `/checklist/${brochure!.id}`), {
      method: 'DELETE',
      token: world.admin.token,
    })
    await placeOk(world, conversation, funnel.id, stages.proposal.id)
    await placeOk(world, conversation, funnel.id, stages.lead.id)
    const lead = await checklist(s, stages.lead.id)
    expect(lead.map((i) => [i.id, i.checked])).toEqual([[qualify!.id, true]])
    await placeOk(world, conversation, funnel.id, stages.proposal.id, world.admin.token, {
      force: true,
    })
    const proposal = await checklist(s, stages.proposal.id)
    expect(proposal.map((i) => i.title)).toEqual(['Send quote'])
    // Removed from the funnel and placed again: still not copied twice.
    await api(conversationPath(world, conversation, `/funnel_stage?funnel_id=${funnel.id}`), {
      method: 'DELETE',
      token: world.admin.token,
    })
    await placeOk(world, conversation, funnel.id, stages.proposal.id)
    expect(await checklist(s, stages.proposal.id)).toHaveLength(1)
  })

  it('answers 404 for an unknown funnel or a stage not in it, 422 for a malformed body', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    const other = await createFunnel(world, { name: 'Other' })
    const elsewhere = await createStage(world, other.id, { name: 'Elsewhere' })
    expectError(await place(world, conversation, 99999999, stages.lead.id), 404, 'not_found')
    expectError(await place(world, conversation, funnel.id, elsewhere.id), 404, 'not_found')
    expectError(await place(world, conversation, funnel.id, 99999999), 404, 'not_found')
    const path = conversationPath(world, conversation, '/funnel_stage')
    for (const body of [
      {},
      { funnel_id: funnel.id },
      { funnel_id: String(funnel.id), stage_id: stages.lead.id },
      { funnel_id: 0, stage_id: 1 },
    ]) {
      expectError(await api(path, { token: world.admin.token, body }), 422, 'validation_failed')
    }
    const missing = accountPath(
      world,
      `/conversations/${conversation.displayId + 1000}/funnel_stage`,
    )
    expectError(
      await api(missing, {
        token: world.admin.token,
        body: { funnel_id: funnel.id, stage_id: stages.lead.id },
      }),
      404,
    )
    expect(await rowsOf('conversation_stages', conversation.id)).toEqual([])
    expect(await conversationEvents(conversation.id)).toEqual([])
  })

  it("gives an agent outside the conversation's inbox 403 on every placement route, changing nothing", async () => {
    const s = await funnelWorld()
    const { world, funnel, stages } = s
    const inbox = await api(accountPath(world, '/inboxes'), {
      token: world.admin.token,
      body: { name: 'Private', channel: { type: 'api' } },
    })
    const hidden = await insertConversation(world, inbox.json.id)
    await placeOk(world, hidden, funnel.id, stages.lead.id)
    const before = await placementState(hidden.id)
    const token = world.agent.token
    expectError(await place(world, hidden, funnel.id, stages.won.id, token), 403, 'forbidden')
    const base = (rest: string) => conversationPath(world, hidden, rest)
    expectError(
      await api(base(`/funnel_stage?funnel_id=${funnel.id}`), { method: 'DELETE', token }),
      403,
    )
    expectError(await api(base('/funnel_stages'), { token }), 403)
    const history = await api(base('/stage_history'), { token })
    expectError(history, 403)
    expect(history.text).not.toContain('Lead')
    expect(await placementState(hidden.id)).toEqual(before)
  })

  it('removes a conversation from a funnel, recording a move to nothing and its event', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    await placeOk(world, conversation, funnel.id, stages.lead.id)
    const path = conversationPath(world, conversation, '/funnel_stage')
    const token = world.agent.token
    expectError(await api(path, { method: 'DELETE', token }), 422, 'validation_failed')
    const other = await createFunnel(world, { name: 'Other' })
    expectError(await api(`${path}?funnel_id=${other.id}`, { method: 'DELETE', token }), 404)
    expect(await rowsOf('conversation_stages', conversation.id)).toHaveLength(1)
    const res = await api(`${path}?funnel_id=${funnel.id}`, { method: 'DELETE', token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expect(await rowsOf('conversation_stages', conversation.id)).toEqual([])
    expect((await conversationEvents(conversation.id)).at(-1)?.changedAttributes).toEqual([
      {
        funnel_stage: {
          previous_value: { funnel_id: funnel.id, stage_id: stages.lead.id },
          current_value: null,
        },
      },
    ])
    expectError(await api(`${path}?funnel_id=${funnel.id}`, { method: 'DELETE', token }), 404)
    const listed = await api(conversationPath(world, conversation, '/funnel_stages'), { token })
    expect(listed.json).toEqual({ payload: [] })
  })

  it('lists every move with who, when, from and to, oldest first, optionally for one funnel', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    const other = await createFunnel(world, { name: 'Other' })
    const elsewhere = await createStage(world, other.id, { name: 'Elsewhere' })
    await placeOk(world, conversation, funnel.id, stages.proposal.id, world.agent.token)
    await placeOk(world, conversation, funnel.id, stages.lead.id, world.admin.token)
    await placeOk(world, conversation, other.id, elsewhere.id, world.admin.token)
    await api(conversationPath(world, conversation, `/funnel_stage?funnel_id=${funnel.id}`), {
      method: 'DELETE',
      token: world.agent.token,
    })
    const res = await api(conversationPath(world, conversation, '/stage_history'), {
      token: world.agent.token,
    })
    expect(res.status).toBe(200)
    const agent = { id: world.agent.id, name: 'Agent', type: 'User' }
    const admin = { id: world.admin.id, name: 'Admin', type: 'User' }
    expect(res.json.payload).toEqual([
      {
        id: expect.any(Number),
        funnel_id: funnel.id,
        from_stage: null,
        to_stage: { id: stages.proposal.id, name: 'Proposal' },
        actor: agent,
        created_at: expect.any(Number),
      },
      {
        id: expect.any(Number),
        funnel_id: funnel.id,
        from_stage: { id: stages.proposal.id, name: 'Proposal' },
        to_stage: { id: stages.lead.id, name: 'Lead' },
        actor: admin,
        created_at: expect.any(Number),
      },
      {
        id: expect.any(Number),
        funnel_id: other.id,
        from_stage: null,
        to_stage: { id: elsewhere.id, name: 'Elsewhere' },
        actor: admin,
        created_at: expect.any(Number),
      },
      {
        id: expect.any(Number),
        funnel_id: funnel.id,
        from_stage: { id: stages.lead.id, name: 'Lead' },
        to_stage: null,
        actor: agent,
        created_at: expect.any(Number),
      },
    ])
    const ids = res.json.payload.map((t: { id: number }) => t.id)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    const filtered = await api(
      conversationPath(world, conversation, `/stage_history?funnel_id=${other.id}`),
      {
        token: world.admin.token,
      },
    )
    expect(filtered.json.payload.map((t: { funnel_id: number }) => t.funnel_id)).toEqual([other.id])
  })

  it('deletes a stage holding conversations only with move_to, moving them as moves would', async () => {
    const s = await funnelWorld()
    const { world, conversation, funnel, stages } = s
    const second = await insertConversation(world, conversation.inboxId)
    await placeOk(world, conversation, funnel.id, stages.won.id)
    await placeOk(world, second, funnel.id, stages.won.id)
    const other = await createFunnel(world, { name: 'Other' })
    const elsewhere = await createStage(world, other.id, { name: 'Elsewhere' })
    const path = accountPath(world, `/funnels/${funnel.id}/stages/${stages.won.id}`)
    const token = world.admin.token
    const before = await placementState(conversation.id)
    const refused = await api(path, { method: 'DELETE', token })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.errors[0]).toMatchObject({ field: 'move_to', code: 'stage_not_empty' })
    for (const moveTo of [stages.won.id, elsewhere.id, 99999999]) {
      expectError(await api(`${path}?move_to=${moveTo}`, { method: 'DELETE', token }), 422)
    }
    expect(await placementState(conversation.id)).toEqual(before)
    const res = await api(`${path}?move_to=${stages.proposal.id}`, { method: 'DELETE', token })
    expect(res.status, res.text).toBe(200)
    for (const c of [conversation, second]) {
      const [placement] = await rowsOf<{ stage_id: number }>('conversation_stages', c.id)
      expect(placement?.stage_id).toBe(stages.proposal.id)
      const transitions = await rowsOf<{
        from_stage_id: number
        to_stage_id: number
        actor_id: number
      }>('stage_transitions', c.id)
      expect(transitions.at(-1)).toMatchObject({
        from_stage_id: stages.won.id,
        to_stage_id: stages.proposal.id,
        actor_id: world.admin.id,
      })
      const items = await rowsOf<{ stage_id: number; title: string }>('checklist_items', c.id)
      expect(items.filter((i) => i.stage_id === stages.proposal.id).map((i) => i.title)).toEqual([
        'Send quote',
      ])
      expect((await conversationEvents(c.id)).at(-1)?.changedAttributes).toEqual([
        {
          funnel_stage: {
            previous_value: { funnel_id: funnel.id, stage_id: stages.won.id },
            current_value: { funnel_id: funnel.id, stage_id: stages.proposal.id },
          },
        },
      ])
    }
    const left = await api(accountPath(world, `/funnels/${funnel.id}/stages`), { token })
    expect(
      left.json.payload.map((st: { id: number; position: number }) => [st.id, st.position]),
    ).toEqual([
      [stages.lead.id, 0],
      [stages.proposal.id, 1],
    ])
    const empty = await api(accountPath(world, `/funnels/${funnel.id}/stages/${stages.lead.id}`), {
      method: 'DELETE',
      token,
    })
    expect(empty.status).toBe(200)
    expect(
      (await api(accountPath(world, `/funnels/${funnel.id}/stages`), { token })).json.payload,
    ).toEqual([expect.objectContaining({ id: stages.proposal.id, position: 0 })])
  })
})
