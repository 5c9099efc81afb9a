import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { everyDatabase } from '../helpers'
import { corpus } from './corpus'
import {
  conversationsOf,
  createMailWorld,
  deliver,
  messagesOf,
  rows,
  withHeaders,
} from './intake-helpers'

const countRows = async (world: Parameters<typeof rows>[0]) => {
  const [row] = await rows(
    world,
    `select (select count(*) from contacts where account_id = ?1) as contacts,
            (select count(*) from conversations where account_id = ?1) as conversations,
            (select count(*) from messages where account_id = ?1) as messages,
            (select count(*) from events where account_id = ?1) as events`,
    world.accountId,
  )
  return row
}

describe('the email() handler: one mail, one message', () => {
  it('keeps the same Message-ID delivered twice as one message', async () => {
    const world = await createMailWorld()
    await deliver(corpus.gmail, world.address)
    await deliver(corpus.gmailDuplicate, world.address)
    expect(await messagesOf(world)).toHaveLength(1)
  })

  it('keeps it one message when both deliveries race', async () => {
    const world = await createMailWorld()
    const results = await Promise.all([
      deliver(corpus.gmail, world.address),
      deliver(corpus.gmail, world.address),
    ])
    expect(results.map((r) => r.rejected)).toEqual([null, null])
    expect(await messagesOf(world)).toHaveLength(1)
    expect(await conversationsOf(world)).toHaveLength(1)
  })
})

describe('attachments', () => {
  it('stores attachments in R2 and on the message', async () => {
    const world = await createMailWorld()
    await deliver(corpus.attachment, world.address)
    const [message] = await messagesOf(world)
    const files = await rows(world, 'select * from attachments where message_id = ?', message?.id)
    expect(files.map((f) => f.content_type).sort()).toEqual(['application/pdf', 'text/plain'])
    for (const file of files) {
      const object = await env.FILES.get(file.object_key as string)
      expect(object?.size).toBe(file.file_size)
    }
    expect(message?.content_attributes.email.number_of_attachments).toBe(2)
  })

  it('stores an inline image as an attachment the HTML names by its cid', async () => {
    const world = await createMailWorld()
    await deliver(corpus.inlineImage, world.address)
    const [message] = await messagesOf(world)
    const [file] = await rows(world, 'select * from attachments where message_id = ?', message?.id)
    expect(file).toMatchObject({ content_type: 'image/png', file_type: 'image' })
    const email = message?.content_attributes.email
    expect(email.html_content.full).toContain('cid:shot-1@gmail.example')
    expect(email.inline_images).toEqual({ 'shot-1@gmail.example': `/files/${file?.object_key}` })
  })
})

describe('automatic mail', () => {
  it('stores an auto-reply marked as one', async () => {
    const world = await createMailWorld()
    await deliver(corpus.autoReply, world.address)
    const [message] = await messagesOf(world)
    expect(message?.content_attributes.email).toMatchObject({
      auto_reply: true,
      mail_kind: 'auto_reply',
    })
    const [conversation] = await conversationsOf(world)
    expect(JSON.parse(conversation?.additional_attributes as string)).toMatchObject({
      auto_reply: true,
    })
  })

  it('stores a bounce marked as one', async () => {
    const world = await createMailWorld()
    await deliver(corpus.bounce, world.address, '')
    const [message] = await messagesOf(world)
    expect(message?.content_attributes.email).toMatchObject({
      auto_reply: true,
      mail_kind: 'bounce',
    })
  })
})

describe('sender authentication', () => {
  it('records a failed check on the message and warns on the conversation', async () => {
    const world = await createMailWorld()
    await deliver(corpus.outlook, world.address)
    const [message] = await messagesOf(world)
    expect(message?.content_attributes.email).toMatchObject({
      auth: { spf: 'fail', dmarc: 'fail' },
      sender_auth_failed: true,
    })
    const [conversation] = await conversationsOf(world)
    expect(JSON.parse(conversation?.additional_attributes as string)).toMatchObject({
      sender_auth_failed: true,
    })
  })
})

describe('refusals', () => {
  it('rejects garbage and writes nothing', async () => {
    const world = await createMailWorld()
    const before = await countRows(world)
    const delivered = await deliver('\u0000\u0001 not a mail at all', world.address)
    expect(delivered.rejected).toMatch(/^5\.6\.0/)
    expect(await countRows(world)).toEqual(before)
  })

  it('rejects a mail over the limit and writes nothing', async () => {
    const world = await createMailWorld()
    const before = await countRows(world)
    const huge = withHeaders(corpus.gmail, {}) + 'x'.repeat(26 * 1024 * 1024)
    const delivered = await deliver(huge, world.address)
    expect(delivered.rejected).toMatch(/^5\.3\.4/)
    expect(await countRows(world)).toEqual(before)
  })

  it('refuses mail for a suspended account, at its inbox and reply+ addresses, and writes nothing', async () => {
    const world = await createMailWorld()
    await deliver(corpus.inlineImage, world.address)
    const [conversation] = await conversationsOf(world)
    // Accounts are global: suspended on every shard's copy first, then in the directory.
    for (const database of everyDatabase().reverse()) {
      await database
        .prepare("update accounts set status = 'suspended' where id = ?")
        .bind(world.accountId)
        .run()
    }
    const before = await countRows(world)
    const atInbox = await deliver(corpus.attachment, world.address)
    expect(atInbox.rejected).toBe('5.2.1 Mailbox disabled')
    const atReply = await deliver(
      corpus.gmail,
      `reply+${world.accountId}.${conversation?.uuid}@mail.parley.test`,
    )
    expect(atReply.rejected).toBe('5.2.1 Mailbox disabled')
    expect(await countRows(world)).toEqual(before)
  })

  it('rejects mail for an unknown inbox address', async () => {
    const delivered = await deliver(corpus.gmail, 'nobody-here@mail.parley.test')
    expect(delivered.rejected).toMatch(/^5\.1\.1/)
  })

  it('never lands a reply address of account A naming account B’s conversation in B', async () => {
    const a = await createMailWorld()
    const b = await createMailWorld()
    await deliver(corpus.gmail, b.address)
    const [conversationOfB] = await conversationsOf(b)
    const delivered = await deliver(
      withHeaders(corpus.outlook, { 'In-Reply-To': null, References: null }),
      `reply+${a.accountId}.${conversationOfB?.uuid}@mail.parley.test`,
    )
    expect(delivered.rejected).toMatch(/^5\.1\.1/)
    expect(await messagesOf(b)).toHaveLength(1)
    expect(await messagesOf(a)).toHaveLength(0)
  })
})
