import { describe, expect, it } from 'vitest'
import {
  contactRow,
  contactsPath,
  createContact,
  createInbox,
  idsOf,
  visibilityWorld,
} from '../contacts-helpers'
import { api, createWorld, expectError } from '../helpers'

/** Every route that takes a contact id, with a body where it needs one. */
const ID_ROUTES: [string, string, Record<string, unknown>?][] = [
  ['GET', ''],
  ['PATCH', '', { name: 'Hacked', email: 'hacked@example.com' }],
  ['PUT', '', { name: 'Hacked' }],
  ['DELETE', ''],
  ['GET', '/labels'],
  ['POST', '/labels', { labels: ['hacked'] }],
  ['POST', '/destroy_custom_attributes', { custom_attributes: ['plan'] }],
  ['GET', '/contactable_inboxes'],
  ['POST', '/contact_inboxes', { inbox_id: 1, source_id: 'hacked' }],
]

async function callIdRoutes(accountId: number, contactId: number, token: string) {
  const results = []
  for (const [method, suffix, body] of ID_ROUTES) {
    const path = `/api/v1/accounts/${accountId}/contacts/${contactId}${suffix}`
    const res = await api(path, { method, token, body })
    results.push({ route: `${method} ${suffix || '/'}`, ...res })
  }
  return results
}

describe('contact visibility by role', () => {
  it('lists and searches for agents only contacts of their inboxes; administrators see all', async () => {
    const { world, a, b, c, d } = await visibilityWorld()
    const path = contactsPath(world)
    const agentList = await api(path, { token: world.agent.token })
    expect(agentList.json.meta.count).toBe(2)
    expect(idsOf(agentList.json.payload).sort()).toEqual([a.id, b.id].sort())
    const agentSearch = await api(`${path}/search?q=agent`, { token: world.agent.token })
    expect(idsOf(agentSearch.json.payload).sort()).toEqual([a.id, b.id].sort())
    const adminList = await api(path, { token: world.admin.token })
    expect(adminList.json.meta.count).toBe(4)
    expect(idsOf(adminList.json.payload).sort()).toEqual([a.id, b.id, c.id, d.id].sort())
  })

  it('shows and updates visible contacts for agents and answers 404 for hidden ones', async () => {
    const { world, a, b, c } = await visibilityWorld()
    const path = contactsPath(world)
    expect((await api(`${path}/${a.id}`, { token: world.agent.token })).status).toBe(200)
    expect((await api(`${path}/${b.id}`, { token: world.agent.token })).status).toBe(200)
    const before = await contactRow(c.id)
    const hidden = await callIdRoutes(world.accountId, c.id, world.agent.token)
    for (const res of hidden) {
      // DELETE is refused for agents before the contact is looked up.
      const status = res.route.startsWith('DELETE') ? 403 : 404
      expect({ route: res.route, status: res.status }).toEqual({ route: res.route, status })
      expect(res.text).not.toContain('Agent C')
    }
    expect(await contactRow(c.id)).toEqual(before)
    const updated = await api(`${path}/${a.id}`, {
      method: 'PATCH',
      token: world.agent.token,
      body: { name: 'Renamed by agent' },
    })
    expect(updated.json.payload.name).toBe('Renamed by agent')
  })

  it('lets agents create contacts only in inboxes they belong to', async () => {
    const { world, mine, theirs } = await visibilityWorld()
    const refused = await api(contactsPath(world), {
      token: world.agent.token,
      body: { email: 'agent-made@example.com', inbox_id: theirs.id },
    })
    expectError(refused, 403, 'forbidden')
    const made = await api(contactsPath(world), {
      token: world.agent.token,
      body: { email: 'agent-made@example.com', inbox_id: mine.id },
    })
    expect(made.status).toBe(200)
    const shown = await api(`${contactsPath(world)}/${made.json.payload.contact.id}`, {
      token: world.agent.token,
    })
    expect(shown.status).toBe(200)
  })
})

type ContactJson = { id: number; contact_inboxes: { source_id: string; inbox: { id: number } }[] }

describe('contact inboxes shown to agents', () => {
  it('lists for an agent only the contact inboxes of its inboxes, wherever the contact is shown', async () => {
    const { world, mine, theirs, a } = await visibilityWorld('Linked')
    const path = contactsPath(world)
    // A website visitor's source_id is its credential in that inbox's public API.
    const secret = `visitor-${crypto.randomUUID()}`
    const linked = await api(`${path}/${a.id}/contact_inboxes`, {
      token: world.admin.token,
      body: { inbox_id: theirs.id, source_id: secret },
    })
    expect(linked.status).toBe(200)
    const token = world.agent.token
    const answers = [
      await api(`${path}/${a.id}`, { token }),
      await api(path, { token }),
      await api(`${path}/search?q=Linked`, { token }),
      await api(`${path}/${a.id}`, { method: 'PATCH', token, body: { name: 'Linked A again' } }),
      await api(`${path}/${a.id}/destroy_custom_attributes`, {
        token,
        body: { custom_attributes: ['plan'] },
      }),
      await api(`${path}/${a.id}/contactable_inboxes`, { token }),
    ]
    for (const res of answers) {
      expect(res.status).toBe(200)
      expect(res.text).not.toContain(secret)
    }
    const shown = answers.slice(0, 5).map((res) => {
      const payload = res.json.payload as ContactJson | ContactJson[]
      return Array.isArray(payload) ? payload.find((c) => c.id === a.id) : payload
    })
    for (const contact of shown) {
      expect(contact?.contact_inboxes.map((l) => l.inbox.id)).toEqual([mine.id])
    }
    const forAdmin = await api(`${path}/${a.id}`, { token: world.admin.token })
    const adminLinks = (forAdmin.json.payload as ContactJson).contact_inboxes
    expect(adminLinks.map((l) => l.inbox.id)).toEqual([mine.id, theirs.id])
    expect(adminLinks[1]?.source_id).toBe(secret)
  })
})

describe('another account’s users', () => {
  it('get 403 on every contact route under an account they do not belong to', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const inbox = await createInbox(world)
    const contact = await createContact(world, {
      name: 'Secret Person',
      email: 'secret@example.com',
      inbox_id: inbox.id,
    })
    const before = await contactRow(contact.id)
    for (const token of [other.admin.token, other.agent.token]) {
      for (const res of await callIdRoutes(world.accountId, contact.id, token)) {
        expect({ route: res.route, status: res.status }).toEqual({ route: res.route, status: 403 })
        expect(res.text).not.toContain('secret')
      }
      for (const path of ['', '/search?q=secret']) {
        const res = await api(`${contactsPath(world)}${path}`, { token })
        expectError(res, 403)
        expect(res.text).not.toContain('secret')
      }
      expectError(
        await api(contactsPath(world), { token, body: { email: 'intruder@example.com' } }),
        403,
      )
    }
    expect(await contactRow(contact.id)).toEqual(before)
  })

  it('get 404 for the contact id under their own account, and never see it listed', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const contact = await createContact(world, {
      name: 'Secret Person',
      email: 'secret@example.com',
    })
    await api(`${contactsPath(world)}/${contact.id}/labels`, {
      token: world.admin.token,
      body: { labels: ['keep'] },
    })
    const before = await contactRow(contact.id)
    for (const token of [other.admin.token, other.agent.token]) {
      for (const res of await callIdRoutes(other.accountId, contact.id, token)) {
        const status = res.route.startsWith('DELETE') && token === other.agent.token ? 403 : 404
        expect({ route: res.route, status: res.status }).toEqual({ route: res.route, status })
        expect(res.text).not.toContain('secret')
      }
      const listed = await api(contactsPath(other), { token })
      expect(listed.json).toEqual({ meta: { count: 0, current_page: 1 }, payload: [] })
      const found = await api(`${contactsPath(other)}/search?q=secret`, { token })
      expect(found.json.payload).toEqual([])
    }
    expect(await contactRow(contact.id)).toEqual(before)
    const labels = await api(`${contactsPath(world)}/${contact.id}/labels`, {
      token: world.admin.token,
    })
    expect(labels.json.payload).toEqual(['keep'])
  })

  it('answer 401 without a token', async () => {
    const world = await createWorld()
    const contact = await createContact(world)
    for (const res of await callIdRoutes(world.accountId, contact.id, '')) {
      expect({ route: res.route, status: res.status }).toEqual({ route: res.route, status: 401 })
    }
    expectError(await api(contactsPath(world)), 401)
    expectError(await api(`${contactsPath(world)}/search?q=a`), 401)
  })
})
