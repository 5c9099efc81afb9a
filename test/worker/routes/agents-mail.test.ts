import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { freshIp, ORIGIN, uniqueEmail } from '../auth-helpers'
import { api, createWorld, type World } from '../helpers'
import { apiWithEnv, envWithMail, recordingEmail, type SentMail } from '../mail-helpers'
import { accountPath } from '../members-helpers'

const textOf = (mail: SentMail | undefined) => String(mail?.text ?? '')
const htmlOf = (mail: SentMail | undefined) => String(mail?.html ?? '')

async function inviteWithMail(world: World, mailEnv: Env, body: Record<string, unknown>) {
  return apiWithEnv(mailEnv, accountPath(world, '/agents'), {
    token: world.admin.token,
    body: { role: 'agent', ...body },
  })
}

describe('mail to agents', () => {
  it('mails a new agent its invitation link, from MAIL_FROM, and still shows the link', async () => {
    const world = await createWorld()
    const email = recordingEmail()
    const address = uniqueEmail()
    const res = await inviteWithMail(world, envWithMail(email.binding), {
      name: 'Ann <b>&',
      email: address,
    })
    expect(res.status).toBe(200)
    expect(res.json.invitation_url).toMatch(/reset_password_token=/)
    expect(email.sent).toHaveLength(1)
    const [mail] = email.sent
    expect(mail?.from).toEqual({ name: 'Parley', email: 'no-reply@parley.test' })
    expect(mail?.to).toEqual([{ name: 'Ann <b>&', email: address }])
    expect(mail?.subject).toMatch(/invited/)
    expect(textOf(mail)).toContain(res.json.invitation_url)
    expect(htmlOf(mail)).toContain(res.json.invitation_url.replace(/&/g, '&amp;'))
    expect(htmlOf(mail)).not.toContain('<b>')
  })

  it('mails a reset link an administrator makes, the same link the response shows', async () => {
    const world = await createWorld()
    const email = recordingEmail()
    const res = await apiWithEnv(
      envWithMail(email.binding),
      accountPath(world, `/agents/${world.agent.id}/password_reset`),
      { token: world.admin.token, method: 'POST' },
    )
    expect(res.status).toBe(200)
    expect(email.sent).toHaveLength(1)
    expect(email.sent[0]?.to).toEqual([{ name: 'Agent', email: world.agent.email }])
    expect(textOf(email.sent[0])).toContain(res.json.reset_url)
  })

  it('sends no mail when MAIL_FROM is empty, and the link is still shown', async () => {
    const world = await createWorld()
    const email = recordingEmail()
    const res = await inviteWithMail(world, envWithMail(email.binding, { MAIL_FROM: '' }), {
      name: 'Bo',
      email: uniqueEmail(),
    })
    expect(res.status).toBe(200)
    expect(res.json.invitation_url).toMatch(/reset_password_token=/)
    expect(email.sent).toHaveLength(0)
  })

  it('answers the invitation as usual when the mail fails to send', async () => {
    const world = await createWorld()
    const email = recordingEmail()
    email.failWith('quota exceeded')
    const res = await inviteWithMail(world, envWithMail(email.binding), {
      name: 'Cy',
      email: uniqueEmail(),
    })
    expect(res.status).toBe(200)
    expect(res.json.invitation_url).toMatch(/reset_password_token=/)
  })
})

const forgot = (mailEnv: Env, email: string) =>
  apiWithEnv(mailEnv, '/auth/password', {
    body: { email },
    headers: { origin: ORIGIN, 'cf-connecting-ip': freshIp() },
  })

describe('POST /auth/password ("Forgot password?")', () => {
  it('mails a working reset link to a known email', async () => {
    const world = await createWorld()
    const email = recordingEmail()
    const res = await forgot(envWithMail(email.binding), world.agent.email.toUpperCase())
    expect(res.status).toBe(200)
    expect(res.json.success).toBe(true)
    expect(email.sent).toHaveLength(1)
    expect(email.sent[0]?.to).toEqual([{ name: 'Agent', email: world.agent.email }])
    const url = /https?:\/\/\S+reset_password_token=[A-Za-z0-9_-]+/.exec(textOf(email.sent[0]))
    expect(url).not.toBeNull()
    const token = new URL(url?.[0] ?? '').searchParams.get('reset_password_token')
    const set = await SELF.fetch(`${ORIGIN}/auth/password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
      body: JSON.stringify({
        reset_password_token: token,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      }),
    })
    expect(set.status).toBe(200)
  })

  it('answers an unknown email exactly as a known one, and mails nothing', async () => {
    const world = await createWorld()
    const email = recordingEmail()
    const known = await forgot(envWithMail(email.binding), world.agent.email)
    const unknown = await forgot(envWithMail(email.binding), uniqueEmail())
    expect(unknown.status).toBe(known.status)
    expect(unknown.text).toBe(known.text)
    expect(email.sent).toHaveLength(1)
  })

  it('is refused from another site and rate limited like sign-in', async () => {
    const crossSite = await api('/auth/password', {
      body: { email: 'a@example.com' },
      headers: { origin: 'https://evil.example', 'cf-connecting-ip': freshIp() },
    })
    expect(crossSite.status).toBe(403)
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) {
      const res = await api('/auth/password', {
        body: { email: 'same@example.com' },
        headers: { origin: ORIGIN, 'cf-connecting-ip': ip },
      })
      statuses.push(res.status)
    }
    expect(statuses).toContain(429)
  })

  it('refuses a missing email with 422', async () => {
    const res = await api('/auth/password', {
      body: {},
      headers: { origin: ORIGIN, 'cf-connecting-ip': freshIp() },
    })
    expect(res.status).toBe(422)
  })
})
