import { env, SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { downloadAvatar } from '../../../worker/routes/contacts/avatar'
import {
  contactRow,
  contactsPath,
  countContacts,
  createContact,
  defineContactAttribute,
  eventsFor,
  expectFieldErrors,
  pngBytes,
  sendForm,
} from '../contacts-helpers'
import { api, createWorld, expectError } from '../helpers'
import { PRIVATE_TARGETS } from '../private-targets'

/** Avatars stored in R2 for the account. */
async function storedAvatars(accountId: number) {
  const listed = await env.FILES.list({ prefix: 'avatar/', include: ['customMetadata'] })
  return listed.objects.filter((o) => o.customMetadata?.accountId === String(accountId))
}

function avatarForm(fields: Record<string, string>, file?: File) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append('avatar', file)
  return form
}

const png = (size?: number, name = 'me.png') =>
  new File([pngBytes(size)], name, { type: 'image/png' })

describe('contact avatars (multipart)', () => {
  it('creates a contact with an uploaded avatar served at its thumbnail URL', async () => {
    const world = await createWorld()
    await defineContactAttribute(world.accountId, 'seats', 'number')
    const form = avatarForm(
      {
        name: 'Pic',
        email: 'Pic@Example.com',
        blocked: 'true',
        'additional_attributes[city]': 'Paris',
        custom_attributes: JSON.stringify({ seats: 2 }),
      },
      png(),
    )
    const res = await sendForm(contactsPath(world), world.admin.token, form)
    expect(res.status).toBe(200)
    const contact = res.json.payload.contact
    expect(contact).toMatchObject({
      name: 'Pic',
      email: 'pic@example.com',
      blocked: true,
      additional_attributes: { city: 'Paris' },
      custom_attributes: { seats: 2 },
      thumbnail: expect.stringMatching(
        /^http:\/\/parley\.test\/files\/avatar\/[0-9a-f-]{36}\/me\.png$/,
      ),
    })
    const file = await SELF.fetch(contact.thumbnail)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pngBytes())
    expect((await eventsFor(contact.id)).map((e) => e.kind)).toEqual(['contact_created'])
  })

  it('refuses a 3 MB avatar with 413 and an SVG with 422, storing nothing', async () => {
    const world = await createWorld()
    const big = await sendForm(
      contactsPath(world),
      world.admin.token,
      avatarForm({ email: 'big@example.com' }, png(3 * 1024 * 1024, 'big.png')),
    )
    expectError(big, 413, 'payload_too_large')
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.svg', {
      type: 'image/svg+xml',
    })
    const bad = await sendForm(
      contactsPath(world),
      world.admin.token,
      avatarForm({ email: 'svg@example.com' }, svg),
    )
    expectError(bad, 422, 'validation_failed')
    expectFieldErrors(bad, ['avatar'])
    expect(await countContacts(world.accountId)).toBe(0)
    expect(await storedAvatars(world.accountId)).toEqual([])
  })

  it('refuses malformed form fields with 422, storing nothing', async () => {
    const world = await createWorld()
    for (const [fields, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'ok@example.com', custom_attributes: '{not json' }, 'custom_attributes'],
      [{ email: 'ok@example.com', avatar: 'text instead of a file' }, 'avatar'],
    ] as const) {
      const res = await sendForm(
        contactsPath(world),
        world.admin.token,
        avatarForm(fields, undefined),
      )
      expectError(res, 422, 'validation_failed')
      expectFieldErrors(res, [field])
    }
    // A clash found after the file is read still stores nothing.
    await createContact(world, { email: 'taken@example.com' })
    const clash = await sendForm(
      contactsPath(world),
      world.admin.token,
      avatarForm({ email: 'taken@example.com' }, png()),
    )
    expectError(clash, 422, 'validation_failed')
    expect(await countContacts(world.accountId)).toBe(1)
    expect(await storedAvatars(world.accountId)).toEqual([])
  })

  it('replaces the avatar on update and deletes the old file', async () => {
    const world = await createWorld()
    const created = await sendForm(
      contactsPath(world),
      world.admin.token,
      avatarForm({ email: 'swap@example.com' }, png(100, 'one.png')),
    )
    const contact = created.json.payload.contact
    const updated = await sendForm(
      `${contactsPath(world)}/${contact.id}`,
      world.admin.token,
      avatarForm({ name: 'Swapped' }, png(200, 'two.png')),
      'PATCH',
    )
    expect(updated.status).toBe(200)
    expect(updated.json.payload.name).toBe('Swapped')
    expect(updated.json.payload.thumbnail).toMatch(/\/two\.png$/)
    expect((await SELF.fetch(contact.thumbnail)).status).toBe(404)
    const fresh = await SELF.fetch(updated.json.payload.thumbnail)
    expect(new Uint8Array(await fresh.arrayBuffer())).toEqual(pngBytes(200))
    const events = await eventsFor(contact.id)
    expect(events.at(-1)?.changed_attributes).toEqual([
      { name: { previous_value: '', current_value: 'Swapped' } },
      {
        thumbnail: {
          previous_value: contact.thumbnail,
          current_value: updated.json.payload.thumbnail,
        },
      },
    ])
  })

  it('refuses an SVG on update, keeping the old avatar', async () => {
    const world = await createWorld()
    const created = await sendForm(
      contactsPath(world),
      world.admin.token,
      avatarForm({ email: 'keep@example.com' }, png()),
    )
    const contact = created.json.payload.contact
    const before = await contactRow(contact.id)
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })
    const res = await sendForm(
      `${contactsPath(world)}/${contact.id}`,
      world.admin.token,
      avatarForm({ name: 'Nope' }, svg),
      'PATCH',
    )
    expectError(res, 422, 'validation_failed')
    expect(await contactRow(contact.id)).toEqual(before)
    expect((await SELF.fetch(contact.thumbnail)).status).toBe(200)
  })

  it('deletes the avatar file with the contact', async () => {
    const world = await createWorld()
    const created = await sendForm(
      contactsPath(world),
      world.admin.token,
      avatarForm({ email: 'gone@example.com' }, png()),
    )
    const contact = created.json.payload.contact
    const res = await api(`${contactsPath(world)}/${contact.id}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect((await SELF.fetch(contact.thumbnail)).status).toBe(404)
    expect(await storedAvatars(world.accountId)).toEqual([])
  })
})

describe('avatar_url downloads', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('refuses the same private targets as webhooks, sending nothing', async () => {
    const sent = vi.spyOn(globalThis, 'fetch')
    for (const url of PRIVATE_TARGETS) {
      expect(await downloadAvatar(env, 1, url), url).toBeNull()
    }
    expect(sent).not.toHaveBeenCalled()
  })
})
