import { describe, expect, it } from 'vitest'
import { connectAgentBot, createAgentBot } from '../conversation-helpers'
import { corpus } from './corpus'
import {
  conversationsOf,
  createMailWorld,
  deliver,
  messagesOf,
  rows,
  storeSentMail,
  withHeaders,
} from './intake-helpers'

describe('the email() handler: a new sender', () => {
  it('becomes a contact with a conversation and a message carrying content_attributes.email', async () => {
    const world = await createMailWorld()
    const delivered = await deliver(corpus.gmail, world.address, 'ana.lima@gmail.example')
    expect(delivered.rejected).toBeNull()
    const [contact] = await rows(
      world,
      'select * from contacts where account_id = ?',
      world.accountId,
    )
    expect(contact).toMatchObject({ name: 'Ana Lima', email: 'ana.lima@gmail.example' })
    const [contactInbox] = await rows(
      world,
      'select * from contact_inboxes where contact_id = ?',
      contact?.id,
    )
    expect(contactInbox).toMatchObject({
      inbox_id: world.inboxId,
      source_id: 'ana.lima@gmail.example',
    })
    const [conversation] = await conversationsOf(world)
    expect(conversation).toMatchObject({
      inbox_id: world.inboxId,
      contact_id: contact?.id,
      status: 'open',
    })
    expect(JSON.parse(conversation?.additional_attributes as string)).toMatchObject({
      mail_subject: 'Re: Delivery for order 1042',
      source: 'email',
    })
    const [message] = await messagesOf(world)
    expect(message).toMatchObject({
      message_type: 0,
      sender_type: 'Contact',
      sender_id: contact?.id,
      source_id: 'CAF7abc123@mail.gmail.example',
    })
    expect(message?.content).not.toContain('wrote:')
    expect(message?.content_attributes.email).toMatchObject({
      subject: 'Re: Delivery for order 1042',
      from: ['ana.lima@gmail.example'],
      to: ['support@parley.test'],
      cc: ['ops@parley.test', 'boss@shop.example'],
      in_reply_to: 'out-41@parley.test',
      references: ['out-40@parley.test', 'out-41@parley.test'],
      message_id: 'CAF7abc123@mail.gmail.example',
      text_content: { reply: message?.content },
      auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' },
      sender_auth_failed: false,
      auto_reply: false,
      mail_kind: 'normal',
    })
    expect(message?.content_attributes.email.text_content.full).toContain('wrote:')
    expect(message?.content_attributes.email.text_content.quoted).toContain('wrote:')
    const events = await rows(
      world,
      "select kind from events where account_id = ? and kind in ('conversation_created', 'message_created') order by id",
      world.accountId,
    )
    expect(events.map((e) => e.kind)).toEqual(['conversation_created', 'message_created'])
  })

  it('reuses the account’s contact with that email', async () => {
    const world = await createMailWorld()
    await deliver(corpus.attachment, world.address)
    await deliver(
      withHeaders(corpus.outlookOriginal, { From: 'bruno@contoso.example' }),
      world.address,
    )
    const contacts = await rows(
      world,
      'select id from contacts where account_id = ?',
      world.accountId,
    )
    expect(contacts).toHaveLength(1)
  })
})

describe('threading', () => {
  async function startedThread() {
    const world = await createMailWorld()
    await deliver(corpus.inlineImage, world.address)
    const [conversation] = await conversationsOf(world)
    await storeSentMail(world, conversation?.id as number, 'out-41@parley.test')
    return { world, conversationId: conversation?.id }
  }

  it('a Gmail reply joins the conversation whose sent mail it names in In-Reply-To', async () => {
    const { world, conversationId } = await startedThread()
    await deliver(corpus.gmail, world.address)
    expect(await conversationsOf(world)).toHaveLength(1)
    const last = (await messagesOf(world)).at(-1)
    expect(last).toMatchObject({ conversation_id: conversationId, message_type: 0 })
  })

  it('a reply that joined a conversation, delivered again, is still one message', async () => {
    const { world } = await startedThread()
    await deliver(corpus.gmail, world.address)
    await deliver(corpus.gmailDuplicate, world.address)
    const incoming = (await messagesOf(world)).filter((m) => m.message_type === 0)
    expect(incoming).toHaveLength(2)
    const [mailId] = await rows(
      world,
      'select inbox_id from inbound_mail_ids where mail_id = ?',
      'CAF7abc123@mail.gmail.example',
    )
    expect(mailId?.inbox_id).toBe(world.inboxId)
  })

  it('a reply naming our id only in References joins it', async () => {
    const { world, conversationId } = await startedThread()
    const raw = withHeaders(corpus.gmail, {
      'In-Reply-To': null,
      References: '<out-41@parley.test>',
    })
    await deliver(raw, world.address)
    expect((await messagesOf(world)).at(-1)?.conversation_id).toBe(conversationId)
  })

  it('Outlook and Apple Mail replies join by their In-Reply-To', async () => {
    const { world, conversationId } = await startedThread()
    await storeSentMail(world, conversationId as number, '<out-77@parley.test>')
    await storeSentMail(world, conversationId as number, 'out-12@parley.test')
    await deliver(corpus.outlook, world.address)
    await deliver(corpus.apple, world.address)
    expect(await conversationsOf(world)).toHaveLength(1)
    const incoming = (await messagesOf(world)).filter((m) => m.message_type === 0)
    expect(incoming).toHaveLength(3)
  })

  it('a mail to the reply+ address joins without any threading header', async () => {
    const { world, conversationId } = await startedThread()
    const [conversation] = await conversationsOf(world)
    const raw = withHeaders(corpus.outlook, { 'In-Reply-To': null, References: null })
    const delivered = await deliver(
      raw,
      `reply+${world.accountId}.${conversation?.uuid}@mail.parley.test`,
    )
    expect(delivered.rejected).toBeNull()
    expect(await conversationsOf(world)).toHaveLength(1)
    expect((await messagesOf(world)).at(-1)?.conversation_id).toBe(conversationId)
  })

  it('a customer’s follow-up quoting their own Message-ID joins; another sender quoting it does not', async () => {
    const world = await createMailWorld()
    await deliver(corpus.attachment, world.address)
    const followUp = withHeaders(corpus.attachment, {
      'Message-ID': '<attach-2@contoso.example>',
      References: '<attach-1@contoso.example>',
    })
    await deliver(followUp, world.address)
    expect(await conversationsOf(world)).toHaveLength(1)
    const stranger = withHeaders(followUp, {
      From: 'Eve <eve@elsewhere.example>',
      'Message-ID': '<eve-1@elsewhere.example>',
    })
    await deliver(stranger, world.address)
    expect(await conversationsOf(world)).toHaveLength(2)
  })

  it('a reply from another address joins the thread with that sender as a new contact; the conversation keeps its contact', async () => {
    const { world, conversationId } = await startedThread()
    const [before] = await conversationsOf(world)
    const colleague = withHeaders(corpus.gmail, {
      From: 'Rui Costa <rui@shop.example>',
      'Message-ID': '<rui-1@shop.example>',
    })
    const delivered = await deliver(colleague, world.address, 'rui@shop.example')
    expect(delivered.rejected).toBeNull()
    const [conversation, ...others] = await conversationsOf(world)
    expect(others).toHaveLength(0)
    expect(conversation?.contact_id).toBe(before?.contact_id)
    const [rui] = await rows(
      world,
      'select * from contacts where account_id = ? and email = ?',
      world.accountId,
      'rui@shop.example',
    )
    expect(rui).toMatchObject({ name: 'Rui Costa' })
    expect(rui?.id).not.toBe(before?.contact_id)
    expect((await messagesOf(world)).at(-1)).toMatchObject({
      conversation_id: conversationId,
      sender_type: 'Contact',
      sender_id: rui?.id,
    })
  })

  it('a mail to the reply+ address from another known contact is credited to that contact', async () => {
    const { world, conversationId } = await startedThread()
    await deliver(corpus.attachment, world.address)
    const [bruno] = await rows(
      world,
      'select * from contacts where account_id = ? and email = ?',
      world.accountId,
      'bruno@contoso.example',
    )
    const [conversation] = await conversationsOf(world)
    const raw = withHeaders(corpus.outlook, { 'In-Reply-To': null, References: null })
    await deliver(raw, `reply+${world.accountId}.${conversation?.uuid}@mail.parley.test`)
    const contacts = await rows(
      world,
      'select id from contacts where account_id = ?',
      world.accountId,
    )
    expect(contacts).toHaveLength(2)
    expect((await messagesOf(world)).at(-1)).toMatchObject({
      conversation_id: conversationId,
      sender_id: bruno?.id,
    })
    expect((await conversationsOf(world))[0]?.contact_id).toBe(conversation?.contact_id)
  })

  it('an unrelated mail starts a new conversation', async () => {
    const { world } = await startedThread()
    await deliver(corpus.htmlOnly, world.address)
    expect(await conversationsOf(world)).toHaveLength(2)
  })

  it('a reply reopens a resolved conversation', async () => {
    const { world, conversationId } = await startedThread()
    await rows(world, "update conversations set status = 'resolved' where id = ?", conversationId)
    await deliver(corpus.gmail, world.address)
    const [conversation] = await conversationsOf(world)
    expect(conversation?.status).toBe('open')
  })

  it('a reply reopens a resolved conversation pending when an agent bot answers the inbox', async () => {
    const { world, conversationId } = await startedThread()
    await connectAgentBot(world, world.inboxId, (await createAgentBot(world)).id)
    await rows(world, "update conversations set status = 'resolved' where id = ?", conversationId)
    await deliver(corpus.gmail, world.address)
    const [conversation] = await conversationsOf(world)
    expect(conversation?.status).toBe('pending')
  })
})
