import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { ContinuityJob } from '../../../worker/email/continuity'
import { emailServiceMailer } from '../../../worker/email/mailer'
import { CONTINUITY_QUEUE, handleContinuityQueue } from '../../../worker/queues/continuity'
import { createWorld, expectError, PLATFORM_TOKEN, uniq, type World } from '../helpers'
import { apiWithEnv, envWithMail, recordingEmail } from '../mail-helpers'
import { agentPost, createVisitor, publicScene, startConversation } from '../public-helpers'

/*
 * An account's support_email and domain (Chatwoot's): Parley sends from MAIL_FROM's domain
 * (parley.test here) and receives at INBOUND_EMAIL_DOMAIN (mail.parley.test), so support_email
 * must be on the first and becomes the From of continuity mails, and domain can only be the second.
 */

const mailEnv = () => envWithMail(recordingEmail().binding)
const accountPath = (world: World) => `/api/v1/accounts/${world.accountId}`
const patchAccount = (world: World, body: Record<string, unknown>) =>
  apiWithEnv(mailEnv(), accountPath(world), { method: 'PATCH', token: world.admin.token, body })

describe("an account's support_email and domain", () => {
  it('accepts a support_email on the sending domain and refuses another by name, saying which', async () => {
    const world = await createWorld()
    const ok = await patchAccount(world, { support_email: 'Help@Parley.test' })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.json.support_email).toBe('help@parley.test')
    const refused = await patchAccount(world, {
      name: 'Renamed',
      support_email: 'help@acme.example',
    })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.errors).toEqual([
      expect.objectContaining({
        field: 'support_email',
        message: expect.stringContaining('parley.test'),
      }),
    ])
    const after = await apiWithEnv(mailEnv(), accountPath(world), { token: world.admin.token })
    expect(after.json).toMatchObject({ support_email: 'help@parley.test' })
    expect(after.json.name).not.toBe('Renamed')
  })

  it('clears support_email and domain with null or ""', async () => {
    const world = await createWorld()
    await patchAccount(world, { support_email: 'help@parley.test', domain: 'mail.parley.test' })
    const blank = await patchAccount(world, { support_email: '', domain: '' })
    expect(blank.status, blank.text).toBe(200)
    expect(blank.json).toMatchObject({ support_email: null, domain: null })
    await patchAccount(world, { support_email: 'help@parley.test' })
    const nulled = await patchAccount(world, { support_email: null })
    expect(nulled.json.support_email).toBeNull()
  })

  it("accepts only the deployment's inbound domain as domain, refusing another by name", async () => {
    const world = await createWorld()
    const same = await patchAccount(world, { domain: 'mail.parley.test' })
    expect(same.status, same.text).toBe(200)
    expect(same.json.domain).toBe('mail.parley.test')
    const other = await patchAccount(world, { domain: 'support.acme.example' })
    expectError(other, 422, 'validation_failed')
    expect(other.json.errors).toEqual([
      expect.objectContaining({
        field: 'domain',
        message: expect.stringContaining(
          'per-account mail domains are not supported; mail is received at mail.parley.test',
        ),
      }),
    ])
  })

  it('accepts back what GET returned, as Chatwoot’s dashboard sends it on every save', async () => {
    const world = await createWorld()
    const fresh = await apiWithEnv(mailEnv(), accountPath(world), { token: world.admin.token })
    const roundTrip = (json: Record<string, unknown>) =>
      patchAccount(world, {
        name: json.name,
        locale: json.locale,
        domain: json.domain,
        support_email: json.support_email,
      })
    const first = await roundTrip(fresh.json)
    expect(first.status, first.text).toBe(200)
    await patchAccount(world, { support_email: 'help@parley.test', domain: 'mail.parley.test' })
    const set = await apiWithEnv(mailEnv(), accountPath(world), { token: world.admin.token })
    const second = await roundTrip(set.json)
    expect(second.status, second.text).toBe(200)
    expect(second.json).toMatchObject({
      support_email: 'help@parley.test',
      domain: 'mail.parley.test',
    })
  })

  it('applies the same rules to platform accounts', async () => {
    const refused = await apiWithEnv(mailEnv(), '/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: uniq('Acme'), support_email: 'help@acme.example', domain: 'acme.example' },
    })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'domain',
      'support_email',
    ])
    const created = await apiWithEnv(mailEnv(), '/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: uniq('Acme'), support_email: 'help@parley.test' },
    })
    expect(created.status, created.text).toBe(200)
    const roundTrip = await apiWithEnv(mailEnv(), `/platform/api/v1/accounts/${created.json.id}`, {
      method: 'PATCH',
      token: PLATFORM_TOKEN,
      body: { support_email: created.json.support_email, domain: created.json.domain },
    })
    expect(roundTrip.status, roundTrip.text).toBe(200)
  })

  it("makes support_email the From address of the account's continuity mails", async () => {
    const { world, inbox } = await publicScene('web_widget')
    expect((await patchAccount(world, { support_email: 'help@parley.test' })).status).toBe(200)
    const visitor = await createVisitor(inbox, { email: `${uniq('v')}@example.com`, name: 'Vee' })
    const conversation = await startConversation(inbox, visitor)
    await agentPost(world, conversation.displayId, { content: 'We are on it' })
    const email = recordingEmail()
    const job: ContinuityJob = {
      type: 'continuity',
      accountId: world.accountId,
      conversationId: conversation.id,
    }
    const batch = createMessageBatch(CONTINUITY_QUEUE, [
      { id: `c-${Math.random()}`, timestamp: new Date(), attempts: 1, body: job },
    ])
    const ctx = createExecutionContext()
    await handleContinuityQueue(
      batch,
      envWithMail(email.binding),
      emailServiceMailer(email.binding),
    )
    await getQueueResult(batch, ctx)
    expect(email.sent).toHaveLength(1)
    expect(email.sent[0]?.from).toEqual({
      name: expect.stringContaining(' from '),
      email: 'help@parley.test',
    })
  })
})
