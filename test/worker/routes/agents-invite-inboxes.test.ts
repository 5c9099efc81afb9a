import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError, uniq, type World } from '../helpers'
import { accountPath, column, createInbox, scalar } from '../members-helpers'

const agentsPath = (world: World) => accountPath(world, '/agents')

describe('inviting an agent into inboxes', () => {
  it('adds the new agent to the chosen inboxes with the invitation', async () => {
    const world = await createWorld()
    const support = await createInbox(world, 'Support')
    const sales = await createInbox(world, 'Sales')
    await createInbox(world, 'Billing')
    const email = `${uniq('invited')}@example.com`
    const res = await api(agentsPath(world), {
      token: world.admin.token,
      body: { agent: { name: 'Ines', email, inbox_ids: [sales, support, sales] } },
    })
    expect(res.status).toBe(200)
    const inboxes = await column(
      'select inbox_id from inbox_members where account_id = ? and user_id = ? order by inbox_id',
      world.accountId,
      res.json.id,
    )
    expect(inboxes).toEqual([support, sales].sort((a, b) => a - b))
    const members = await api(accountPath(world, `/inbox_members/${sales}`), {
      token: world.admin.token,
    })
    expect(members.json.payload.map((a: { id: number }) => a.id)).toContain(res.json.id)
  })

  it("refuses another account's inbox with 422 and creates nothing", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const mine = await createInbox(world, 'Support')
    const theirs = await createInbox(other, 'Theirs')
    const email = `${uniq('refused')}@example.com`
    const res = await api(agentsPath(world), {
      token: world.admin.token,
      body: { agent: { name: 'Ines', email, inbox_ids: [mine, theirs] } },
    })
    expectError(res, 422, 'validation_failed')
    expect(JSON.stringify(res.json)).toContain('inbox_ids')
    expect(await scalar('select count(*) from users where email = ?', email)).toBe(0)
    expect(
      await scalar('select count(*) from inbox_members where account_id = ?', world.accountId),
    ).toBe(0)
  })

  it('refuses inbox ids that are not positive integers', async () => {
    const world = await createWorld()
    const res = await api(agentsPath(world), {
      token: world.admin.token,
      body: { agent: { name: 'Ines', email: `${uniq('bad')}@example.com`, inbox_ids: ['x'] } },
    })
    expectError(res, 422, 'validation_failed')
  })

  it('invites without inboxes as before when inbox_ids is absent', async () => {
    const world = await createWorld()
    await createInbox(world, 'Support')
    const res = await api(agentsPath(world), {
      token: world.admin.token,
      body: { agent: { name: 'Ines', email: `${uniq('plain')}@example.com` } },
    })
    expect(res.status).toBe(200)
    expect(
      await scalar(
        'select count(*) from inbox_members where account_id = ? and user_id = ?',
        world.accountId,
        res.json.id,
      ),
    ).toBe(0)
  })
})
