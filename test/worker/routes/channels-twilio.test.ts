import { describe, expect, it } from 'vitest'
import { accountPath, newAccountSid } from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, uniq, type World } from '../helpers'
import { newNumber, twilioInbox } from '../phone/inbound-helpers'

const channelPath = (world: World) => `${accountPath(world)}/channels/twilio_channel`

async function inboxCount(world: World) {
  const db = await accountDb(world.accountId)
  const row = await db
    .prepare('select count(*) as n from inboxes where account_id = ?')
    .bind(world.accountId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

describe('POST /api/v1/accounts/{account_id}/channels/twilio_channel', () => {
  it('makes a Twilio phone inbox whose JSON shows its sender and medium, never the auth token', async () => {
    const world = await createWorld()
    const authToken = `secret-${uniq()}`
    const number = newNumber()
    const res = await api(channelPath(world), {
      token: world.admin.token,
      body: {
        twilio_channel: {
          name: 'Support SMS',
          medium: 'sms',
          account_sid: newAccountSid(),
          auth_token: authToken,
          phone_number: number,
        },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      name: 'Support SMS',
      channel_type: 'Channel::Sms',
      provider: 'twilio',
      medium: 'sms',
      phone_number: number,
      messaging_service_sid: null,
    })
    const shown = await api(`${accountPath(world)}/inboxes/${res.json.id}`, {
      token: world.admin.token,
    })
    const listed = await api(`${accountPath(world)}/inboxes`, { token: world.admin.token })
    expect(shown.json).toMatchObject({ provider: 'twilio', medium: 'sms' })
    for (const text of [res.text, shown.text, listed.text]) {
      expect(text).not.toContain(authToken)
      expect(text).not.toContain('auth_token')
    }
    const db = await accountDb(world.accountId)
    const stored = await db
      .prepare('select auth_token_encrypted as t from twilio_channels where inbox_id = ?')
      .bind(res.json.id)
      .first<{ t: string }>()
    expect(stored?.t).toMatch(/^v1\./)
    expect(stored?.t).not.toContain(authToken)
  })

  it('sends from a Messaging Service instead of a number, on WhatsApp', async () => {
    const world = await createWorld()
    const res = await api(channelPath(world), {
      token: world.admin.token,
      body: {
        name: 'WhatsApp',
        medium: 'whatsapp',
        account_sid: newAccountSid(),
        auth_token: 'token',
        messaging_service_sid: `MG${crypto.randomUUID().replaceAll('-', '')}`,
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      medium: 'whatsapp',
      messaging_service_sid: expect.stringMatching(/^MG/),
    })
  })

  it('answers 422 when Twilio refuses the credentials, or neither a number nor a service is given, and makes no inbox', async () => {
    const world = await createWorld()
    const body = (extra: Record<string, unknown>) => ({
      name: 'Phone',
      account_sid: newAccountSid(),
      auth_token: 'token',
      phone_number: newNumber(),
      ...extra,
    })
    const wrongToken = await api(channelPath(world), {
      token: world.admin.token,
      body: body({ auth_token: 'wrong-token' }),
    })
    expectError(wrongToken, 422, 'validation_failed')
    expect(wrongToken.json.errors).toEqual([expect.objectContaining({ field: 'auth_token' })])
    const unknownAccount = await api(channelPath(world), {
      token: world.admin.token,
      body: body({ account_sid: `ACMissing${uniq()}` }),
    })
    expectError(unknownAccount, 422, 'validation_failed')
    const noSender = await api(channelPath(world), {
      token: world.admin.token,
      body: body({ phone_number: null }),
    })
    expectError(noSender, 422, 'validation_failed')
    // A token Basic auth cannot carry is refused at the field, before Twilio is asked.
    const unprintable = await api(channelPath(world), {
      token: world.admin.token,
      body: body({ auth_token: 'tökén' }),
    })
    expectError(unprintable, 422, 'validation_failed')
    expect(unprintable.json.errors).toEqual([expect.objectContaining({ field: 'auth_token' })])
    expect(await inboxCount(world)).toBe(0)
  })

  it('answers 503 when Twilio cannot be reached, and makes no inbox', async () => {
    const world = await createWorld()
    const res = await api(channelPath(world), {
      token: world.admin.token,
      body: {
        name: 'Phone',
        account_sid: `ACDown${uniq()}`,
        auth_token: 'token',
        phone_number: newNumber(),
      },
    })
    expectError(res, 503, 'unavailable')
    expect(await inboxCount(world)).toBe(0)
  })

  it('refuses a Twilio sender another inbox already has, in this account or another', async () => {
    const first = await twilioInbox()
    const again = (world: World) =>
      api(channelPath(world), {
        token: world.admin.token,
        body: {
          name: 'Again',
          account_sid: first.accountSid,
          auth_token: first.authToken,
          phone_number: first.number,
        },
      })
    const other = await createWorld()
    for (const world of [first.world, other]) {
      const res = await again(world)
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors).toEqual([expect.objectContaining({ field: 'phone_number' })])
    }
  })

  it('frees the sender when the inbox is deleted', async () => {
    const first = await twilioInbox()
    const deleted = await api(`${accountPath(first.world)}/inboxes/${first.inboxId}`, {
      method: 'DELETE',
      token: first.world.admin.token,
    })
    expect(deleted.status).toBe(200)
    const res = await api(channelPath(first.world), {
      token: first.world.admin.token,
      body: {
        name: 'Again',
        account_sid: first.accountSid,
        auth_token: first.authToken,
        phone_number: first.number,
      },
    })
    expect(res.status).toBe(200)
  })

  it('is for administrators only', async () => {
    const world = await createWorld()
    const res = await api(channelPath(world), {
      token: world.agent.token,
      body: { name: 'P', account_sid: newAccountSid(), auth_token: 't', phone_number: newNumber() },
    })
    expectError(res, 403)
  })
})

describe('POST /api/v1/accounts/{account_id}/inboxes with channel.type phone and Twilio credentials', () => {
  it('makes the same Twilio inbox, its credentials checked', async () => {
    const world = await createWorld()
    const inboxes = `${accountPath(world)}/inboxes`
    const channel = {
      type: 'phone',
      account_sid: newAccountSid(),
      auth_token: 'token',
      phone_number: newNumber(),
      medium: 'whatsapp',
    }
    const made = await api(inboxes, { token: world.admin.token, body: { name: 'WA', channel } })
    expect(made.status).toBe(200)
    expect(made.json).toMatchObject({ provider: 'twilio', medium: 'whatsapp' })
    expect(made.text).not.toContain('auth_token')
    const refused = await api(inboxes, {
      token: world.admin.token,
      body: {
        name: 'WA',
        channel: { ...channel, phone_number: newNumber(), auth_token: 'wrong-token' },
      },
    })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.errors).toEqual([expect.objectContaining({ field: 'channel.auth_token' })])
  })
})
