import { describe, expect, it } from 'vitest'
import { conversationRow, eventsOf, kindsOf, messageRows } from '../conversation-helpers'
import { accountDb, expectError, uniq } from '../helpers'
import { insertMessage } from '../live-helpers'
import {
  accountSnapshot,
  agentPost,
  agentTraffic,
  conversationOf,
  createVisitor,
  expectAccountUnchanged,
  publicPath,
  publicScene,
  rawFetch,
  startConversation,
} from '../public-helpers'

async function scene() {
  const { world, inbox } = await publicScene()
  const visitor = await createVisitor(inbox, { name: 'Mia', email: `${uniq('m')}@example.com` })
  const conversation = await startConversation(inbox, visitor)
  const path = `${conversationOf(visitor, conversation.displayId)}/messages`
  return { world, inbox, visitor, conversation, path }
}

describe('POST …/conversations/{id}/messages', () => {
  it('creates an incoming message from the contact with the conversation effects and event', async () => {
    const { world, inbox, visitor, conversation, path } = await scene()
    await inbox.call(`${conversationOf(visitor, conversation.displayId)}/toggle_status`, {
      method: 'POST',
    })
    const res = await inbox.call(path, { body: { content: 'Where is my order?', echo_id: 'e-1' } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      content: 'Where is my order?',
      message_type: 0,
      content_type: 'text',
      conversation_id: conversation.displayId,
      echo_id: 'e-1',
      sender: { id: visitor.contactId, type: 'contact' },
    })
    expect(res.json).not.toHaveProperty('private')
    const row = await conversationRow(world.accountId, conversation.displayId)
    // A message reopens the resolved conversation and starts the wait.
    expect(row).toMatchObject({ status: 'open', waiting_since: res.json.created_at })
    expect(row?.last_activity_at).toBe(res.json.created_at)
    const kinds = kindsOf(await eventsOf(conversation.id))
    expect(kinds.slice(-3)).toEqual([
      'message_created',
      'conversation_status_changed',
      'conversation_updated',
    ])
  })

  it('returns the same message for a retried echo_id, never a duplicate', async () => {
    const { inbox, conversation, path } = await scene()
    const first = await inbox.call(path, { body: { content: 'once', echo_id: 'same' } })
    const retry = await inbox.call(path, { body: { content: 'once', echo_id: 'same' } })
    expect(retry.status).toBe(200)
    expect(retry.json).toEqual(first.json)
    const concurrent = await Promise.all(
      Array.from({ length: 6 }, () =>
        inbox.call(path, { body: { content: 'racing', echo_id: 'race' } }),
      ),
    )
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(concurrent.map((r) => r.json.id)).size).toBe(1)
    const rows = await messageRows(conversation.id)
    expect(rows.filter((m) => m.echo_id === 'same')).toHaveLength(1)
    expect(rows.filter((m) => m.echo_id === 'race')).toHaveLength(1)
    const created = (await eventsOf(conversation.id)).filter((e) => e.kind === 'message_created')
    expect(created).toHaveLength(2)
  })

  it('takes attachments as multipart/form-data', async () => {
    const { inbox, path } = await scene()
    const form = new FormData()
    form.append('content', 'see attached')
    form.append('echo_id', 'with-file')
    form.append('attachments[]', new File(['hello file'], 'note.txt', { type: 'text/plain' }))
    const res = await rawFetch(publicPath(inbox.identifier, path), { method: 'POST', body: form })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ content: 'see attached', echo_id: 'with-file' })
    expect(res.json.attachments).toHaveLength(1)
    expect(res.json.attachments[0]).toMatchObject({ file_type: 'file', extension: 'txt' })
    const file = await rawFetch(new URL(res.json.attachments[0].data_url).pathname, {})
    expect(file.text).toBe('hello file')
  })

  it('refuses a blank message, too long content, non-JSON bodies and strangers, writing nothing', async () => {
    const { world, inbox, conversation, path } = await scene()
    const before = await accountSnapshot(world.accountId)
    expectError(await inbox.call(path, { body: { content: '  ' } }), 422, 'validation_failed')
    expectError(await inbox.call(path, { body: { content: 'x'.repeat(10_001) } }), 422)
    const plain = await inbox.call(path, { body: 'hi', headers: { 'content-type': 'text/plain' } })
    expectError(plain, 415, 'unsupported_media_type')
    const stranger = await createVisitor(inbox)
    const mid = await accountSnapshot(world.accountId)
    const foreign = await inbox.call(
      `${conversationOf(stranger, conversation.displayId)}/messages`,
      { body: { content: 'let me in' } },
    )
    expectError(foreign, 404, 'not_found')
    await expectAccountUnchanged(world.accountId, mid)
    expect(before.messages).toEqual(mid.messages)
  })

  it('ignores fields only agents may set: the message stays an incoming public text', async () => {
    const { inbox, conversation, path } = await scene()
    const res = await inbox.call(path, {
      body: { content: 'sneaky', private: true, message_type: 'outgoing', content_type: 'cards' },
    })
    expect(res.status).toBe(200)
    const [row] = await messageRows(conversation.id)
    expect(row).toMatchObject({ message_type: 0, private: 0, content_type: 'text' })
  })
})

describe('GET …/conversations/{id}/messages', () => {
  it('pages the messages the visitor may see, oldest first, never notes or activity', async () => {
    const { world, inbox, conversation, path } = await scene()
    const { reply, note, activity } = await agentTraffic(world, conversation.displayId)
    const latest = await inbox.call(path)
    expect(latest.status).toBe(200)
    expect(latest.json.map((m: { id: number }) => m.id)).toEqual([reply])
    expect(latest.text).not.toContain('secret note')
    expect(latest.json[0].sender).toMatchObject({ type: 'user' })
    expect(latest.text).not.toContain(world.admin.email)
    expect([note, activity].every((id) => id > reply)).toBe(true)

    const ids: number[] = [reply]
    for (let i = 0; i < 24; i++) {
      ids.push(await insertMessage(conversation, world.accountId, { content: `m${i}` }))
    }
    await insertMessage(conversation, world.accountId, { content: 'hidden', private: true })
    const page = await inbox.call(path)
    expect(page.json.map((m: { id: number }) => m.id)).toEqual(ids.slice(-20))
    const older = await inbox.call(`${path}?before=${ids.at(-20)}`)
    expect(older.json.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, -20))
  })

  it('answers 404 for a stranger', async () => {
    const { inbox, conversation } = await scene()
    const stranger = await createVisitor(inbox)
    const res = await inbox.call(`${conversationOf(stranger, conversation.displayId)}/messages`)
    expectError(res, 404, 'not_found')
  })
})

async function interactive(
  conversation: { id: number; inboxId: number },
  accountId: number,
  contentType: string,
  createdAt?: number,
) {
  const row = await (await accountDb(accountId))
    .prepare(
      'insert into messages (account_id, inbox_id, conversation_id, message_type, content_type, content, content_attributes, created_at) values (?, ?, ?, 3, ?, ?, ?, coalesce(?, unixepoch())) returning id',
    )
    .bind(
      accountId,
      conversation.inboxId,
      conversation.id,
      contentType,
      'Pick one',
      '{"items":[]}',
      createdAt ?? null,
    )
    .first<{ id: number }>()
  return row!.id
}

describe('PATCH …/conversations/{id}/messages/{message_id}', () => {
  it('stores submitted values on an interactive message and emits message_updated', async () => {
    const { world, inbox, conversation, path } = await scene()
    const id = await interactive(conversation, world.accountId, 'input_select')
    const values = [{ title: 'Yes', value: 'yes' }]
    const res = await inbox.call(`${path}/${id}`, {
      method: 'PATCH',
      body: { submitted_values: values },
    })
    expect(res.status).toBe(200)
    expect(res.json.content_attributes).toEqual({ items: [], submitted_values: values })
    const updated = (await eventsOf(conversation.id)).filter((e) => e.kind === 'message_updated')
    expect(updated.map((e) => e.message_id)).toEqual([id])
  })

  it('takes a CSAT rating within 14 days and refuses one after', async () => {
    const { world, inbox, conversation, path } = await scene()
    const fresh = await interactive(conversation, world.accountId, 'input_csat')
    const answer = {
      submitted_values: [{ csat_survey_response: { rating: 5, feedback_message: 'great' } }],
    }
    const ok = await inbox.call(`${path}/${fresh}`, { method: 'PATCH', body: answer })
    expect(ok.status).toBe(200)
    const old = await interactive(
      conversation,
      world.accountId,
      'input_csat',
      Math.floor(Date.now() / 1000) - 15 * 86_400,
    )
    const before = await accountSnapshot(world.accountId)
    const late = await inbox.call(`${path}/${old}`, { method: 'PATCH', body: answer })
    expectError(late, 422, 'validation_failed')
    expect(late.json.message).toBe('You cannot update the CSAT survey after 14 days')
    const badRating = { submitted_values: [{ csat_survey_response: { rating: 9 } }] }
    expectError(await inbox.call(`${path}/${fresh}`, { method: 'PATCH', body: badRating }), 422)
    await expectAccountUnchanged(world.accountId, before)
  })

  it('refuses plain messages (422), private notes and other conversations’ messages (404)', async () => {
    const { world, inbox, visitor, conversation, path } = await scene()
    const reply = await agentPost(world, conversation.displayId, { content: 'plain' })
    const note = await agentPost(world, conversation.displayId, {
      content: 'note',
      private: true,
      content_type: 'input_select',
      content_attributes: { items: [{ title: 'a', value: 'a' }] },
    })
    const other = await startConversation(inbox, visitor)
    const elsewhere = await interactive(other, world.accountId, 'form')
    const before = await accountSnapshot(world.accountId)
    const body = { submitted_values: [{ name: 'x', value: 'y' }] }
    expectError(await inbox.call(`${path}/${reply.id}`, { method: 'PATCH', body }), 422)
    expectError(await inbox.call(`${path}/${note.id}`, { method: 'PATCH', body }), 404)
    expectError(await inbox.call(`${path}/${elsewhere}`, { method: 'PATCH', body }), 404)
    await expectAccountUnchanged(world.accountId, before)
  })
})
