import { env } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { describe, expect, inject, it } from 'vitest'
import { MailSendError, mailerOf, type OutgoingMail } from '../../../worker/email/mailer'
import { readSmtpUrl, smtpMailer } from '../../../worker/email/smtp-mailer'
import { onlyReceivedBy, smtpServer as server } from './smtp-helpers'

const mail = (to: string, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  from: { address: 'support@acme.test', name: 'Ana at Acme' },
  to: [{ address: to, name: 'Jane Customer' }],
  subject: 'Re: Where is my order?',
  text: 'It ships tomorrow.',
  ...extra,
})

async function sendFailure(to: string): Promise<MailSendError> {
  const error = await smtpMailer(server(), MailSendError)
    .send(mail(to))
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(MailSendError)
  return error as MailSendError
}

describe('SMTP_URL', () => {
  it('reads host, port, credentials and TLS from smtp:// and smtps:// URLs', () => {
    expect(readSmtpUrl('smtp://me%40acme.test:p%3Ass@mail.acme.test:2525')).toEqual({
      host: 'mail.acme.test',
      port: 2525,
      secure: false,
      credentials: { username: 'me@acme.test', password: 'p:ss' },
    })
    expect(readSmtpUrl('smtps://mail.acme.test')).toEqual({
      host: 'mail.acme.test',
      port: 465,
      secure: true,
    })
    expect(() => readSmtpUrl('https://mail.acme.test')).toThrow(/smtp:\/\//)
  })
})

describe('smtpMailer', () => {
  it('delivers every field of the mail to the SMTP server and returns its Message-ID', async () => {
    const sent = await smtpMailer(server(), MailSendError).send(
      mail('jane@customer.test', {
        cc: [{ address: 'boss@customer.test' }],
        bcc: [{ address: 'audit@acme.test' }],
        replyTo: 'reply+1.abc@mail.parley.test',
        html: '<p>It ships <b>tomorrow</b>. <img src="cid:logo@acme"></p>',
        headers: { 'In-Reply-To': '<q1@customer.test>', References: '<q0@x> <q1@customer.test>' },
        attachments: [
          { filename: 'invoice.pdf', type: 'application/pdf', content: new Uint8Array([37, 80]) },
          { filename: 'logo.png', type: 'image/png', content: 'PNG', contentId: 'logo@acme' },
        ],
      }),
    )
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@acme\.test>$/)

    const main = await onlyReceivedBy('jane@customer.test')
    expect(main.user).toBe('parley')
    expect(main.mailFrom).toBe('support@acme.test')
    expect(main.rcptTo).toEqual(['jane@customer.test', 'boss@customer.test'])
    const parsed = await PostalMime.parse(main.raw)
    expect(parsed.messageId).toBe(sent.messageId)
    expect(parsed.from).toMatchObject({ address: 'support@acme.test', name: 'Ana at Acme' })
    expect(parsed.to).toEqual([{ address: 'jane@customer.test', name: 'Jane Customer' }])
    expect(parsed.cc).toEqual([{ address: 'boss@customer.test', name: '' }])
    expect(parsed.bcc).toBeUndefined()
    expect(main.raw).not.toMatch(/audit@acme\.test/)
    expect(parsed.replyTo).toEqual([{ address: 'reply+1.abc@mail.parley.test', name: '' }])
    expect(parsed.subject).toBe('Re: Where is my order?')
    expect(parsed.inReplyTo).toBe('<q1@customer.test>')
    expect(parsed.references).toBe('<q0@x> <q1@customer.test>')
    expect(parsed.text?.trim()).toBe('It ships tomorrow.')
    expect(parsed.html).toContain('It ships <b>tomorrow</b>')
    expect(
      parsed.attachments.map((a) => [
        a.filename,
        a.mimeType,
        new Uint8Array(a.content as ArrayBuffer),
      ]),
    ).toEqual([
      ['invoice.pdf', 'application/pdf', new Uint8Array([37, 80])],
      ['logo.png', 'image/png', new TextEncoder().encode('PNG')],
    ])

    // The blind copy is the same message in its own envelope, with no Bcc header anywhere.
    const blind = await onlyReceivedBy('audit@acme.test')
    expect(blind.rcptTo).toEqual(['audit@acme.test'])
    const blindParsed = await PostalMime.parse(blind.raw)
    expect(blindParsed.messageId).toBe(sent.messageId)
    expect(blindParsed.to).toEqual([{ address: 'jane@customer.test', name: 'Jane Customer' }])
    expect(blindParsed.cc).toEqual([{ address: 'boss@customer.test', name: '' }])
    expect(blind.raw).not.toMatch(/^bcc:/im)
  })

  it('is the deployment mailer when SMTP_URL is set', async () => {
    const url = `smtp://parley:secret@127.0.0.1:${inject('smtpPort')}`
    const mailer = mailerOf({ ...env, SMTP_URL: url })
    const sent = await mailer?.send(mail('chosen@customer.test'))
    const received = await onlyReceivedBy('chosen@customer.test')
    expect((await PostalMime.parse(received.raw)).messageId).toBe(sent?.messageId)
  })

  it('keeps a CR or LF in a name or subject from starting a new header', async () => {
    await smtpMailer(server(), MailSendError).send(
      mail('crlf@customer.test', {
        from: { address: 'support@acme.test', name: 'Ana\r\nBcc: evil@x.test' },
        subject: 'Hello\r\nX-Injected: yes',
      }),
    )
    const received = await onlyReceivedBy('crlf@customer.test')
    expect(received.raw).not.toMatch(/^(bcc|x-injected):/im)
  })

  it('reports a 4xx reply as a failure worth retrying', async () => {
    const error = await sendFailure('busy@customer.test')
    expect(error.retryable).toBe(true)
    expect(error.message).toMatch(/451/)
  })

  it('reports a 5xx reply as a failure not worth retrying', async () => {
    const error = await sendFailure('nobody@customer.test')
    expect(error.retryable).toBe(false)
    expect(error.message).toMatch(/550/)
  })

  it('reports refused credentials as a failure not worth retrying', async () => {
    const wrong = readSmtpUrl(`smtp://parley:wrong@127.0.0.1:${inject('smtpPort')}`)
    const error = await smtpMailer(wrong, MailSendError)
      .send(mail('jane@customer.test'))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MailSendError)
    expect((error as MailSendError).retryable).toBe(false)
  })
})
