import { describe, expect, it } from 'vitest'
import { contactsPath, createContact, idsOf, visibilityWorld } from '../../contacts-helpers'
import { accountDb, api, createWorld, expectError, uniq, type World } from '../../helpers'

const duplicatesPath = (world: World, contactId: number) =>
  `${contactsPath(world)}/${contactId}/duplicates`

/** Writes what a visitor claimed straight into the row, as the public API does. */
async function claim(world: World, contactId: number, claims: Record<string, string>) {
  await (await accountDb(world.accountId))
    .prepare('update contacts set additional_attributes = ? where id = ?')
    .bind(JSON.stringify({ unverified_claims: claims }), contactId)
    .run()
}

describe('possible duplicates of a contact', () => {
  it('finds the contacts sharing an email or phone number, held or claimed, from either side', async () => {
    const world = await createWorld()
    const email = `${uniq('same')}@example.com`
    const phone = `+1555${Math.floor(Math.random() * 1e7)}`
    const owner = await createContact(world, { name: 'Owner', email, phone_number: phone })
    const emailClaimer = await createContact(world, { name: 'Claims email', email: null })
    await claim(world, emailClaimer.id, { email: email.toUpperCase() })
    const phoneClaimer = await createContact(world, { name: 'Claims phone', email: null })
    await claim(world, phoneClaimer.id, { phone_number: phone })
    const stranger = await createContact(world, { name: 'Stranger' })

    const ofOwner = await api(duplicatesPath(world, owner.id), { token: world.admin.token })
    expect(ofOwner.status).toBe(200)
    expect(idsOf(ofOwner.json.payload).sort()).toEqual([emailClaimer.id, phoneClaimer.id].sort())
    expect(idsOf(ofOwner.json.payload)).not.toContain(stranger.id)

    const ofClaimer = await api(duplicatesPath(world, emailClaimer.id), {
      token: world.admin.token,
    })
    expect(idsOf(ofClaimer.json.payload)).toEqual([owner.id])
    expect(ofClaimer.json.payload[0]).toMatchObject({ id: owner.id, email, name: 'Owner' })

    const none = await api(duplicatesPath(world, stranger.id), { token: world.admin.token })
    expect(none.json.payload).toEqual([])
  })

  it("lists only contacts the agent may see, and 404s for another account's contact", async () => {
    const { world, a, c } = await visibilityWorld('Dup')
    // C (not visible to the agent) claims A's email.
    await claim(world, c.id, { email: a.email })
    const asAdmin = await api(duplicatesPath(world, a.id), { token: world.admin.token })
    expect(idsOf(asAdmin.json.payload)).toEqual([c.id])
    const asAgent = await api(duplicatesPath(world, a.id), { token: world.agent.token })
    expect(asAgent.status).toBe(200)
    expect(asAgent.json.payload).toEqual([])

    const other = await createWorld()
    const foreign = await createContact(other, { email: a.email })
    expectError(
      await api(duplicatesPath(world, foreign.id), { token: world.admin.token }),
      404,
      'not_found',
    )
  })
})
