import { describe, expect, it } from 'vitest'
import {
  contactRow,
  contactsPath,
  createContact,
  eventsFor,
  visibilityWorld,
} from '../../contacts-helpers'
import { contactWithFiles, fileScene, keyOf, served, stored } from '../../files-helpers'
import { api, createWorld, expectError, shardOfRow, type World } from '../../helpers'
import {
  contactInboxRow,
  countRows,
  createVisitor,
  publicScene,
  startConversation,
} from '../../public-helpers'

const mergePath = (world: World) => `/api/v1/accounts/${world.accountId}/actions/contact_merge`

const merge = (world: World, token: string, base: number, mergee: number) =>
  api(mergePath(world), {
    token,
    body: { base_contact_id: base, mergee_contact_id: mergee },
  })

async function setLabels(world: World, contactId: number, labels: string[]) {
  const res = await api(`${contactsPath(world)}/${contactId}/labels`, {
    token: world.admin.token,
    body: { labels },
  })
  if (res.status !== 200) throw new Error(`setLabels: ${res.status} ${res.text}`)
}

describe('POST /api/v1/accounts/{account_id}/actions/contact_merge', () => {
  it("moves the mergee's conversations, contact inboxes, messages and labels to the base, fills its empty fields and deletes the mergee", async () => {
    const { world, inbox } = await publicScene()
    const base = await createContact(world, {
      name: 'Olivia Owner',
      additional_attributes: { city: 'Lisbon' },
    })
    // A stranger types the owner's email: its own contact, with the email as a claim.
    const visitor = await createVisitor(inbox, {
      name: 'Visitor',
      email: base.email,
      phone_number: '+15559990001',
    })
    const conversation = await startConversation(inbox, visitor)
    const sent = await inbox.call(
      `/contacts/${visitor.sourceId}/conversations/${conversation.displayId}/messages`,
      { body: { content: 'hello, it is me' } },
    )
    expect(sent.status).toBe(200)
    await setLabels(world, base.id, ['customer'])
    await setLabels(world, visitor.contactId, ['customer', 'web'])

    const res = await merge(world, world.admin.token, base.id, visitor.contactId)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: base.id,
      name: 'Olivia Owner',
      email: base.email,
      phone_number: '+15559990001',
      additional_attributes: { city: 'Lisbon' },
    })
    expect(res.json.contact_inboxes.map((l: { source_id: string }) => l.source_id)).toEqual([
      visitor.sourceId,
    ])
    expect(await contactRow(visitor.contactId)).toBeNull()
    expect((await contactInboxRow(inbox.id, visitor.sourceId))?.contact_id).toBe(base.id)
    expect(
      await countRows('conversations', 'id = ? and contact_id = ?', conversation.id, base.id),
    ).toBe(1)
    const sender = await shardOfRow(conversation.id)
      .prepare('select sender_type, sender_id from messages where id = ?')
      .bind(sent.json.id)
      .first()
    expect(sender).toEqual({ sender_type: 'Contact', sender_id: base.id })
    const labels = await api(`${contactsPath(world)}/${base.id}/labels`, {
      token: world.admin.token,
    })
    expect(labels.json.payload).toEqual(['customer', 'web'])
    const updated = (await eventsFor(base.id)).filter((e) => e.kind === 'contact_updated')
    expect(updated).toHaveLength(1)
    expect(updated[0]?.changed_attributes).toContainEqual({
      phone_number: { previous_value: null, current_value: '+15559990001' },
    })
    // The visitor now speaks as the base contact.
    const shown = await inbox.call(`/contacts/${visitor.sourceId}`)
    expect(shown.json.id).toBe(base.id)
  })

  it("keeps the base's own values and attributes over the mergee's", async () => {
    const world = await createWorld()
    const base = await createContact(world, {
      name: 'Base',
      phone_number: '+15559990002',
      additional_attributes: { city: 'Lisbon' },
    })
    const mergee = await createContact(world, {
      name: 'Mergee',
      phone_number: '+15559990003',
      identifier: 'mergee-id',
      additional_attributes: { city: 'Porto', company_name: 'Acme' },
    })
    const res = await merge(world, world.admin.token, base.id, mergee.id)
    expect(res.json).toMatchObject({
      name: 'Base',
      email: base.email,
      phone_number: '+15559990002',
      identifier: 'mergee-id',
      additional_attributes: { city: 'Lisbon', company_name: 'Acme' },
    })
  })

  it('answers 404 for a contact of another account and changes nothing', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const mine = await createContact(world)
    const theirs = await createContact(other, { name: 'Foreign' })
    const [mineBefore, theirsBefore] = [await contactRow(mine.id), await contactRow(theirs.id)]
    expectError(await merge(world, world.admin.token, mine.id, theirs.id), 404, 'not_found')
    const reverse = await merge(world, world.admin.token, theirs.id, mine.id)
    expectError(reverse, 404, 'not_found')
    expect(reverse.text).not.toContain('Foreign')
    expect(await contactRow(mine.id)).toEqual(mineBefore)
    expect(await contactRow(theirs.id)).toEqual(theirsBefore)
  })

  it('lets an agent merge contacts it sees, and answers 404 for one it cannot see', async () => {
    const { world, a, b, c } = await visibilityWorld('Merge')
    const hiddenBefore = await contactRow(c.id)
    expectError(await merge(world, world.agent.token, a.id, c.id), 404, 'not_found')
    expectError(await merge(world, world.agent.token, c.id, a.id), 404, 'not_found')
    expect(await contactRow(c.id)).toEqual(hiddenBefore)
    expect(await contactRow(a.id)).not.toBeNull()
    const ok = await merge(world, world.agent.token, a.id, b.id)
    expect(ok.status).toBe(200)
    expect(await contactRow(b.id)).toBeNull()
  })

  it('changes nothing when a contact is merged with itself, and refuses a missing id with 422', async () => {
    const world = await createWorld()
    const contact = await createContact(world)
    const before = await contactRow(contact.id)
    const self = await merge(world, world.admin.token, contact.id, contact.id)
    expect(self.status).toBe(200)
    expect(self.json.id).toBe(contact.id)
    expect(await contactRow(contact.id)).toEqual(before)
    const missing = await api(mergePath(world), {
      token: world.admin.token,
      body: { base_contact_id: contact.id },
    })
    expectError(missing, 422, 'validation_failed')
  })
})

describe('contact merge and notes', () => {
  it("moves the mergee's notes to the base, keeping their authors and times", async () => {
    const { world, a: base, b: mergee } = await visibilityWorld('Merged')
    const notesOf = (id: number) => `${contactsPath(world)}/${id}/notes`
    const kept = await api(notesOf(base.id), {
      token: world.admin.token,
      body: { content: 'Base' },
    })
    const moved = await api(notesOf(mergee.id), {
      token: world.agent.token,
      body: { content: 'Mergee' },
    })
    expect(await merge(world, world.admin.token, base.id, mergee.id)).toMatchObject({ status: 200 })

    const list = await api(notesOf(base.id), { token: world.admin.token })
    expect(list.json).toHaveLength(2)
    expect(list.json).toEqual(
      expect.arrayContaining([
        { ...kept.json, contact_id: base.id },
        { ...moved.json, contact_id: base.id },
      ]),
    )
  })
})

describe('contact merge and stored files', () => {
  it("removes the mergee's avatar the base does not take, and keeps the attachments it moves", async () => {
    const { world, inboxId } = await fileScene()
    const base = await contactWithFiles(world, inboxId)
    const mergee = await contactWithFiles(world, inboxId)
    const res = await merge(world, world.admin.token, base.contactId, mergee.contactId)
    expect(res.status).toBe(200)
    expect(await served(mergee.urls.avatar)).toBe(404)
    expect(await stored(keyOf(mergee.urls.avatar))).toBe(false)
    expect(await served(base.urls.avatar)).toBe(200)
    expect(await served(mergee.urls.attachment)).toBe(200)
  })
})
