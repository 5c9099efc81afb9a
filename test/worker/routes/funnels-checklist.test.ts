import { describe, expect, it } from 'vitest'
import {
  conversationPath,
  createFunnel,
  createStage,
  funnelWorld,
  insertConversation,
  placeOk,
  rowsOf,
} from '../funnel-helpers'
import { accountDb, api, expectError } from '../helpers'
import { conversationEvents } from '../product-helpers'

type World = Awaited<ReturnType<typeof funnelWorld>>
type Item = {
  id: number
  stage_id: number
  title: string
  required: boolean
  checked: boolean
  position: number
  checked_by: { id: number; name: string } | null
  checked_at: number | null
}

const path = (s: World, rest = '') => conversationPath(s.world, s.conversation, `/checklist${rest}`)

async function items(s: World, query = '') {
  const res = await api(path(s, query), { token: s.world.admin.token })
  expect(res.status, res.text).toBe(200)
  return res.json.payload as Item[]
}

async function placedWorld() {
  const s = await funnelWorld()
  await placeOk(s.world, s.conversation, s.funnel.id, s.stages.lead.id)
  return s
}

const checklistChanges = async (conversationId: number) =>
  (await conversationEvents(conversationId))
    .map((e) => e.changedAttributes[0] as Record<string, unknown>)
    .filter((change) => 'checklist' in change)

describe('conversation checklists', () => {
  it('lists the items of every current stage by default, or of one stage', async () => {
    const s = await placedWorld()
    const other = await createFunnel(s.world, { name: 'Onboarding' })
    const kickoff = await createStage(s.world, other.id, {
      name: 'Kickoff',
      checklist_template: [{ title: 'Book call', required: false }],
    })
    await placeOk(s.world, s.conversation, other.id, kickoff.id)
    const all = await items(s)
    expect(all.map((i) => [i.stage_id, i.title, i.position])).toEqual([
      [s.stages.lead.id, 'Qualify budget', 0],
      [s.stages.lead.id, 'Send brochure', 1],
      [kickoff.id, 'Book call', 0],
    ])
    expect(all[0]).toEqual({
      id: expect.any(Number),
      conversation_id: s.conversation.displayId,
      stage_id: s.stages.lead.id,
      title: 'Qualify budget',
      required: true,
      position: 0,
      checked: false,
      checked_at: null,
      checked_by: null,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    })
    expect((await items(s, `?stage_id=${kickoff.id}`)).map((i) => i.title)).toEqual(['Book call'])
    // A stage it is not in has no items yet; an unknown stage is 404.
    expect(await items(s, `?stage_id=${s.stages.won.id}`)).toEqual([])
    expectError(await api(path(s, '?stage_id=99999999'), { token: s.world.admin.token }), 404)
  })

  it('adds items after the last one, with an event naming the new item', async () => {
    const s = await placedWorld()
    const res = await api(path(s), {
      token: s.world.agent.token,
      body: { checklist_item: { stage_id: s.stages.lead.id, title: ' Demo ' } },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ title: 'Demo', required: false, position: 2, checked: false })
    const required = await api(path(s), {
      token: s.world.admin.token,
      body: { stage_id: s.stages.won.id, title: 'Invoice', required: true },
    })
    expect(required.json).toMatchObject({ stage_id: s.stages.won.id, required: true, position: 0 })
    expect(await checklistChanges(s.conversation.id)).toEqual([
      {
        checklist: {
          previous_value: null,
          current_value: {
            id: res.json.id,
            stage_id: s.stages.lead.id,
            title: 'Demo',
            required: false,
            checked: false,
          },
        },
      },
      {
        checklist: {
          previous_value: null,
          current_value: {
            id: required.json.id,
            stage_id: s.stages.won.id,
            title: 'Invoice',
            required: true,
            checked: false,
          },
        },
      },
    ])
  })

  it('refuses invalid items (422), unknown stages (404) and required items from agents (403), adding nothing', async () => {
    const s = await placedWorld()
    const before = await rowsOf('checklist_items', s.conversation.id)
    const eventsBefore = await conversationEvents(s.conversation.id)
    const lead = s.stages.lead.id
    for (const [body, field] of [
      [{ title: 'X' }, 'stage_id'],
      [{ stage_id: lead }, 'title'],
      [{ stage_id: lead, title: '  ' }, 'title'],
      [{ stage_id: lead, title: 'x'.repeat(256) }, 'title'],
      [{ stage_id: lead, title: 'X', required: 'true' }, 'required'],
      [{ stage_id: 'one', title: 'X' }, 'stage_id'],
    ] as const) {
      const res = await api(path(s), { token: s.world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    expectError(
      await api(path(s), { token: s.world.admin.token, body: { stage_id: 99999999, title: 'X' } }),
      404,
    )
    expectError(
      await api(path(s), {
        token: s.world.agent.token,
        body: { stage_id: lead, title: 'X', required: true },
      }),
      403,
      'forbidden',
    )
    expect(await rowsOf('checklist_items', s.conversation.id)).toEqual(before)
    expect(await conversationEvents(s.conversation.id)).toEqual(eventsBefore)
  })

  it('caps a stage checklist at 100 items with 422', async () => {
    const s = await placedWorld()
    await (await accountDb(s.world.accountId))
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 98)
       insert into checklist_items (account_id, conversation_id, stage_id, title, position) select ?, ?, ?, 'Bulk ' || i, i + 1 from n`,
      )
      .bind(s.world.accountId, s.conversation.id, s.stages.lead.id)
      .run()
    const res = await api(path(s), {
      token: s.world.admin.token,
      body: { stage_id: s.stages.lead.id, title: 'One more' },
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors[0].field).toBe('checklist')
    expect(await items(s, `?stage_id=${s.stages.lead.id}`)).toHaveLength(100)
  })

  it('checks (recording who and when), unchecks (clearing both) and renames items, with events', async () => {
    const s = await placedWorld()
    const [qualify] = await items(s)
    const item = path(s, `/${qualify!.id}`)
    const checked = await api(item, {
      method: 'PATCH',
      token: s.world.agent.token,
      body: { checked: true },
    })
    expect(checked.status, checked.text).toBe(200)
    expect(checked.json).toMatchObject({
      checked: true,
      checked_at: expect.any(Number),
      checked_by: { id: s.world.agent.id, name: 'Agent' },
    })
    const row = await (await accountDb(s.world.accountId))
      .prepare('select checked_at, checked_by_id from checklist_items where id = ?')
      .bind(qualify!.id)
      .first<{ checked_at: number; checked_by_id: number }>()
    expect(row).toEqual({ checked_at: checked.json.checked_at, checked_by_id: s.world.agent.id })
    // Checking a checked item keeps who checked it first and writes no event.
    const eventsBefore = await conversationEvents(s.conversation.id)
    const again = await api(item, {
      method: 'PATCH',
      token: s.world.admin.token,
      body: { checked: true },
    })
    expect(again.json.checked_by).toEqual({ id: s.world.agent.id, name: 'Agent' })
    expect(await conversationEvents(s.conversation.id)).toEqual(eventsBefore)
    const renamed = await api(item, {
      method: 'PATCH',
      token: s.world.agent.token,
      body: { checklist_item: { title: 'Budget confirmed', checked: false } },
    })
    expect(renamed.json).toMatchObject({
      title: 'Budget confirmed',
      checked: false,
      checked_at: null,
      checked_by: null,
    })
    const snapshot = (title: string, isChecked: boolean) => ({
      id: qualify!.id,
      stage_id: s.stages.lead.id,
      title,
      required: true,
      checked: isChecked,
    })
    expect((await checklistChanges(s.conversation.id)).slice(-2)).toEqual([
      {
        checklist: {
          previous_value: snapshot('Qualify budget', false),
          current_value: snapshot('Qualify budget', true),
        },
      },
      {
        checklist: {
          previous_value: snapshot('Qualify budget', true),
          current_value: snapshot('Budget confirmed', false),
        },
      },
    ])
  })

  it('keeps `required` for administrators and refuses bad edits, leaving the item as it was', async () => {
    const s = await placedWorld()
    const [qualify, brochure] = await items(s)
    const token = s.world.agent.token
    const before = await rowsOf('checklist_items', s.conversation.id)
    expectError(
      await api(path(s, `/${qualify!.id}`), { method: 'PATCH', token, body: { required: false } }),
      403,
    )
    expectError(
      await api(path(s, `/${brochure!.id}`), { method: 'PATCH', token, body: { required: true } }),
      403,
    )
    for (const body of [{ title: '' }, { checked: 'yes' }, { required: 1 }]) {
      expectError(await api(path(s, `/${qualify!.id}`), { method: 'PATCH', token, body }), 422)
    }
    expectError(
      await api(path(s, '/99999999'), { method: 'PATCH', token, body: { checked: true } }),
      404,
    )
    expect(await rowsOf('checklist_items', s.conversation.id)).toEqual(before)
    // Sending the value it already has is no change, so agents may.
    const same = await api(path(s, `/${qualify!.id}`), {
      method: 'PATCH',
      token,
      body: { required: true },
    })
    expect(same.status).toBe(200)
    const admin = await api(path(s, `/${qualify!.id}`), {
      method: 'PATCH',
      token: s.world.admin.token,
      body: { required: false },
    })
    expect(admin.json.required).toBe(false)
  })

  it('deletes items with an event; agents may not delete required ones', async () => {
    const s = await placedWorld()
    const [qualify, brochure] = await items(s)
    expectError(
      await api(path(s, `/${qualify!.id}`), { method: 'DELETE', token: s.world.agent.token }),
      403,
    )
    const res = await api(path(s, `/${brochure!.id}`), {
      method: 'DELETE',
      token: s.world.agent.token,
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    const admin = await api(path(s, `/${qualify!.id}`), {
      method: 'DELETE',
      token: s.world.admin.token,
    })
    expect(admin.status).toBe(200)
    expect(await items(s)).toEqual([])
    expectError(
      await api(path(s, `/${qualify!.id}`), { method: 'DELETE', token: s.world.admin.token }),
      404,
    )
    expect(
      (await checklistChanges(s.conversation.id)).map(
        (c) => (c.checklist as { current_value: unknown }).current_value,
      ),
    ).toEqual([null, null])
  })

  it("answers 404 for another conversation's item and 403 to an agent outside the inbox", async () => {
    const s = await placedWorld()
    const [qualify] = await items(s)
    const sibling = await insertConversation(s.world, s.conversation.inboxId)
    const siblingItem = conversationPath(s.world, sibling, `/checklist/${qualify!.id}`)
    const token = s.world.admin.token
    expectError(await api(siblingItem, { method: 'PATCH', token, body: { checked: true } }), 404)
    expectError(await api(siblingItem, { method: 'DELETE', token }), 404)
    await (await accountDb(s.world.accountId))
      .prepare('delete from inbox_members where inbox_id = ?')
      .bind(s.conversation.inboxId)
      .run()
    const agent = s.world.agent.token
    expectError(await api(path(s), { token: agent }), 403)
    expectError(
      await api(path(s), { token: agent, body: { stage_id: s.stages.lead.id, title: 'X' } }),
      403,
    )
    expectError(
      await api(path(s, `/${qualify!.id}`), {
        method: 'PATCH',
        token: agent,
        body: { checked: true },
      }),
      403,
    )
    expectError(await api(path(s, `/${qualify!.id}`), { method: 'DELETE', token: agent }), 403)
    expect((await items(s)).map((i) => [i.id, i.checked])).toEqual([
      [qualify!.id, false],
      [expect.any(Number), false],
    ])
  })
})
