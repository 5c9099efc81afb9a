import { describe, expect, it } from 'vitest'
import { contactsPath, createContact, visibilityWorld } from '../../contacts-helpers'
import { api, createWorld, expectError, type World } from '../../helpers'

const notesPath = (world: World, contactId: number) => `${contactsPath(world)}/${contactId}/notes`

async function addNote(world: World, token: string, contactId: number, content: string) {
  const res = await api(notesPath(world, contactId), { token, body: { content } })
  if (res.status !== 200) throw new Error(`addNote: ${res.status} ${res.text}`)
  return res.json as { id: number; content: string }
}

describe('contact notes', () => {
  it("creates a note in Chatwoot's shape, with its author, and lists the contact's notes newest first", async () => {
    // `a` is in an inbox of the agent's, so the agent may read it and write its notes.
    const { world, a: contact } = await visibilityWorld('Noted')
    const created = await api(notesPath(world, contact.id), {
      token: world.admin.token,
      body: { note: { content: 'Prefers email' } },
    })
    expect(created.status).toBe(200)
    expect(created.json).toMatchObject({
      id: expect.any(Number),
      content: 'Prefers email',
      account_id: world.accountId,
      contact_id: contact.id,
      user: { id: world.admin.id, name: 'Admin' },
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    })
    const second = await addNote(world, world.agent.token, contact.id, 'Called back')

    const list = await api(notesPath(world, contact.id), { token: world.admin.token })
    expect(list.status).toBe(200)
    expect(list.json.map((n: { id: number }) => n.id)).toEqual([second.id, created.json.id])
    expect(list.json[0].user.id).toBe(world.agent.id)
  })

  it('updates and deletes a note', async () => {
    const world = await createWorld()
    const contact = await createContact(world)
    const note = await addNote(world, world.admin.token, contact.id, 'First')
    const updated = await api(`${notesPath(world, contact.id)}/${note.id}`, {
      token: world.admin.token,
      method: 'PATCH',
      body: { content: 'Second' },
    })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ id: note.id, content: 'Second' })
    const put = await api(`${notesPath(world, contact.id)}/${note.id}`, {
      token: world.admin.token,
      method: 'PUT',
      body: { note: { content: 'Third' } },
    })
    expect(put.json).toMatchObject({ id: note.id, content: 'Third' })

    const removed = await api(`${notesPath(world, contact.id)}/${note.id}`, {
      token: world.admin.token,
      method: 'DELETE',
    })
    expect(removed.status).toBe(200)
    const list = await api(notesPath(world, contact.id), { token: world.admin.token })
    expect(list.json).toEqual([])
  })

  it('rejects an empty note with a field error on content', async () => {
    const world = await createWorld()
    const contact = await createContact(world)
    const res = await api(notesPath(world, contact.id), {
      token: world.admin.token,
      body: { content: '   ' },
    })
    expectError(res, 422)
    expect(res.json.errors[0]).toMatchObject({ field: 'content' })
  })

  it("answers 404 for another account's contact and for a note of another contact", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const theirs = await createContact(other)
    const theirNote = await addNote(other, other.admin.token, theirs.id, 'secret')
    // Their contact, named under our account.
    expectError(await api(notesPath(world, theirs.id), { token: world.admin.token }), 404)
    expectError(
      await api(notesPath(world, theirs.id), { token: world.admin.token, body: { content: 'x' } }),
      404,
    )
    // Our contact, their note's id.
    const ours = await createContact(world)
    for (const method of ['PATCH', 'DELETE']) {
      const res = await api(`${notesPath(world, ours.id)}/${theirNote.id}`, {
        token: world.admin.token,
        method,
        body: method === 'PATCH' ? { content: 'stolen' } : undefined,
      })
      expectError(res, 404)
    }
    const still = await api(notesPath(other, theirs.id), { token: other.admin.token })
    expect(still.json).toMatchObject([{ id: theirNote.id, content: 'secret' }])
  })

  it('answers 404 to an agent for the notes of a contact it cannot see', async () => {
    const { world, c } = await visibilityWorld('Notes')
    expectError(await api(notesPath(world, c.id), { token: world.agent.token }), 404)
  })
})
