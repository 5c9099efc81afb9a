import { beforeAll, describe, expect, it } from 'vitest'
import { api, createWorld, expectError, PLATFORM_TOKEN, type World } from '../helpers'
import {
  agentPost,
  conversationOf,
  createVisitor,
  type PublicInbox,
  publicPath,
  publicScene,
  startConversation,
  type Visitor,
} from '../public-helpers'
import { type Carriage, form, json, send } from './body-requests'

let world: World
let inbox: PublicInbox
let visitor: Visitor
let conversation: number
let account: string

beforeAll(async () => {
  ;({ world, inbox } = await publicScene())
  visitor = await createVisitor(inbox, { name: 'Grace' })
  conversation = (await startConversation(inbox, visitor)).displayId
  account = `/api/v1/accounts/${world.accountId}`
})

const enc = encodeURIComponent
const fieldsOf = (body: { errors: { field: string }[] }) => body.errors.map((e) => e.field)

/**
 * Sends the same request as JSON and as a Rails-style form, each to a fresh target when `path`
 * makes one, and returns what `pick` keeps of each answer.
 */
async function both(
  method: string,
  path: () => Promise<string> | string,
  token: string | undefined,
  bodies: { json: unknown; form: string },
  pick: (body: Record<string, unknown>) => unknown = (body) => body,
) {
  const answers = []
  for (const how of [json(bodies.json), form(bodies.form)] as Carriage[]) {
    const res = await send(method, await path(), token, how)
    expect({ how: how.name, status: res.status, text: res.status === 200 ? '' : res.text }).toEqual(
      {
        how: how.name,
        status: 200,
        text: '',
      },
    )
    answers.push(pick(res.json))
  }
  return answers
}

describe('a form body is read as Rails reads it, into what its JSON would be', () => {
  it('public API: a contact from nested contact[…] keys', async () => {
    const [fromJson, fromForm] = await both(
      'POST',
      () => publicPath(inbox.identifier, '/contacts'),
      undefined,
      {
        json: {
          contact: { name: 'Ada Lovelace', phone_number: '+15550100', custom_attributes: {} },
        },
        form: `contact[name]=Ada+Lovelace&contact[phone_number]=${enc('+15550100')}`,
      },
      ({ name, phone_number }) => ({ name, phone_number }),
    )
    expect(fromForm).toEqual(fromJson)
    expect(fromForm).toEqual({ name: 'Ada Lovelace', phone_number: '+15550100' })
  })

  it('public API: an answer as an array of objects with a number in it', async () => {
    const csat = () =>
      agentPost(world, conversation, { content: 'Rate us', content_type: 'input_csat' })
    const path = async () =>
      publicPath(
        inbox.identifier,
        `${conversationOf(visitor, conversation)}/messages/${(await csat()).id}`,
      )
    const [fromJson, fromForm] = await both(
      'PATCH',
      path,
      undefined,
      {
        json: {
          submitted_values: [
            { name: 'csat', csat_survey_response: { rating: 4, feedback_message: 'ok' } },
          ],
        },
        form:
          'submitted_values[][name]=csat&submitted_values[][csat_survey_response][rating]=4' +
          '&submitted_values[][csat_survey_response][feedback_message]=ok',
      },
      (body) => body.content_attributes,
    )
    expect(fromForm).toEqual(fromJson)
    expect(fromForm).toMatchObject({ submitted_values: [{ csat_survey_response: { rating: 4 } }] })
  })

  it('application API: a conversation with numeric ids, a status and nested attributes', async () => {
    const admin = world.admin
    const [fromJson, fromForm] = await both(
      'POST',
      () => `${account}/conversations`,
      admin.token,
      {
        json: {
          inbox_id: inbox.id,
          contact_id: visitor.contactId,
          status: 'pending',
          assignee_id: admin.id,
          additional_attributes: { browser: { name: 'Firefox' } },
        },
        form:
          `conversation[inbox_id]=${inbox.id}&conversation[contact_id]=${visitor.contactId}` +
          `&conversation[status]=pending&conversation[assignee_id]=${admin.id}` +
          '&conversation[additional_attributes][browser][name]=Firefox',
      },
      (body) => ({
        status: body.status,
        inbox_id: body.inbox_id,
        assignee: (body.meta as { assignee: { id: number } }).assignee.id,
        additional_attributes: body.additional_attributes,
      }),
    )
    expect(fromForm).toEqual(fromJson)
    expect(fromForm).toMatchObject({ status: 'pending', assignee: admin.id, inbox_id: inbox.id })
  })

  it('application API: a private note from a boolean string, and labels from labels[]', async () => {
    const note = await both(
      'POST',
      () => `${account}/conversations/${conversation}/messages`,
      world.admin.token,
      {
        json: { content: 'note', private: true },
        form: 'message[content]=note&message[private]=true',
      },
      ({ content, private: isPrivate, message_type }) => ({ content, isPrivate, message_type }),
    )
    expect(note[1]).toEqual(note[0])
    expect(note[1]).toMatchObject({ isPrivate: true })
    const labels = await both(
      'POST',
      () => `${account}/conversations/${conversation}/labels`,
      world.admin.token,
      { json: { labels: ['vip', 'billing'] }, form: 'labels[]=vip&labels[]=billing' },
    )
    expect(labels[1]).toEqual(labels[0])
  })

  it('platform API: an account user from a numeric user_id', async () => {
    const [fromJson, fromForm] = await both(
      'POST',
      () => `/platform/api/v1/accounts/${world.accountId}/account_users`,
      PLATFORM_TOKEN,
      {
        json: { user_id: world.agent.id, role: 'agent' },
        form: `user_id=${world.agent.id}&role=agent`,
      },
      ({ account_id, user_id, role }) => ({ account_id, user_id, role }),
    )
    expect(fromForm).toEqual(fromJson)
    expect(fromForm).toEqual({
      account_id: world.accountId,
      user_id: world.agent.id,
      role: 'agent',
    })
  })
})

describe('a form body with values the schema refuses', () => {
  type Refusal = { path: () => string; token?: () => string; body: string; field: string }
  const admin = () => world.admin.token
  const refusals: Record<string, Refusal> = {
    public: {
      path: () =>
        publicPath(inbox.identifier, `${conversationOf(visitor, conversation)}/toggle_typing`),
      body: 'typing_status=sideways',
      field: 'typing_status',
    },
    'application (boolean)': {
      path: () => `${account}/conversations/${conversation}/messages`,
      token: admin,
      body: 'content=hi&private=maybe',
      field: 'private',
    },
    'application (array)': {
      path: () => `${account}/conversations/${conversation}/labels`,
      token: admin,
      body: 'labels=vip',
      field: 'labels',
    },
    'application (id)': {
      path: () => `${account}/conversations`,
      token: admin,
      body: 'inbox_id=x&contact_id=1',
      field: 'inbox_id',
    },
    platform: {
      path: () => `/platform/api/v1/accounts/${world.accountId}/account_users`,
      token: () => PLATFORM_TOKEN,
      body: 'user_id=12abc&role=agent',
      field: 'user_id',
    },
  }
  for (const [where, { path, token, body, field }] of Object.entries(refusals)) {
    it(`${where} API: answers 422 naming ${field} for ${body}`, async () => {
      const res = await send('POST', path(), token?.(), form(body))
      expectError(res, 422, 'validation_failed')
      expect(fieldsOf(res.json)).toContain(field)
    })
  }

  it('answers 400 to a form Rails cannot read (a key both a value and a hash)', async () => {
    const res = await send(
      'POST',
      '/platform/api/v1/accounts',
      PLATFORM_TOKEN,
      form('name=a&name[x]=b'),
    )
    expectError(res, 400, 'bad_request')
  })
})

describe('a form request answered again after a stale remembered token', () => {
  it('gives the answer the form would get afresh', async () => {
    const fresh = await createWorld()
    const inboxes = `/api/v1/accounts/${fresh.accountId}/inboxes`
    const body =
      'inbox[name]=Promoted+inbox&inbox[channel][type]=api&inbox[enable_auto_assignment]=false'
    expectError(await send('POST', inboxes, fresh.agent.token, form(body)), 403)
    const promoted = await api(`/api/v1/accounts/${fresh.accountId}/agents/${fresh.agent.id}`, {
      method: 'PATCH',
      token: fresh.admin.token,
      body: { role: 'administrator' },
    })
    expect(promoted.status).toBe(200)
    const created = await send('POST', inboxes, fresh.agent.token, form(body))
    expect(created.status).toBe(200)
    expect(created.json).toMatchObject({ name: 'Promoted inbox', enable_auto_assignment: false })
  })
})
