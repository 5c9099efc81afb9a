import { describe, expect, it } from 'vitest'
import {
  INBOUND_MAIL_LIMIT_BYTES,
  MailRefusal,
  parseInboundMail,
} from '../../../worker/email/parse'
import { corpus, envelope } from './corpus'

const png = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
)
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

function streamOf(raw: string, chunk = 100): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(raw)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + chunk))
      at += chunk
    },
  })
}

async function refusalOf(promise: Promise<unknown>): Promise<MailRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(MailRefusal)
  return error as MailRefusal
}

describe('parseInboundMail', () => {
  it('reads the headers of a Gmail reply: addresses lowercased, ids without angle brackets', async () => {
    const mail = await parseInboundMail(corpus.gmail, envelope)
    expect(mail.subject).toBe('Re: Delivery for order 1042')
    expect(mail.from).toEqual({ name: 'Ana Lima', address: 'ana.lima@gmail.example' })
    expect(mail.to).toEqual([{ name: 'Parley Support', address: 'support@parley.test' }])
    expect(mail.cc).toEqual([
      { name: 'Ops Team', address: 'ops@parley.test' },
      { name: '', address: 'boss@shop.example' },
    ])
    expect(mail.replyTo).toEqual([{ name: 'Ana at home', address: 'ana.home@example.com' }])
    expect(mail.messageId).toBe('CAF7abc123@mail.gmail.example')
    expect(mail.inReplyTo).toBe('out-41@parley.test')
    expect(mail.references).toEqual(['out-40@parley.test', 'out-41@parley.test'])
    expect(mail.date).toBe('2025-03-04T09:30:00.000Z')
    expect(mail.envelope).toEqual(envelope)
    expect(mail.attachments).toEqual([])
  })

  it('keeps both parts of multipart/alternative, decoding quoted-printable', async () => {
    const mail = await parseInboundMail(corpus.gmail, envelope)
    expect(mail.text).toContain('Yes, Tuesday works for me.')
    expect(mail.text).toContain('> Would Tuesday suit you for the delivery?')
    expect(mail.html).toContain('<div class="gmail_quote">')
  })

  it('reads the authentication results Email Routing recorded', async () => {
    expect((await parseInboundMail(corpus.gmail, envelope)).auth).toEqual({
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
    })
    expect((await parseInboundMail(corpus.outlook, envelope)).auth).toEqual({
      spf: 'fail',
      dkim: 'none',
      dmarc: 'fail',
    })
    expect((await parseInboundMail(corpus.apple, envelope)).auth).toEqual({
      spf: 'none',
      dkim: 'none',
      dmarc: 'none',
    })
  })

  it('trusts the topmost Authentication-Results over one the sender wrote lower down', async () => {
    const raw = [
      'Authentication-Results: mx.cloudflare.net; spf=softfail smtp.mailfrom=a@x.example; dkim=fail header.d=x.example; dmarc=fail',
      'Received: from x.example by mx.cloudflare.net',
      'Authentication-Results: mx.cloudflare.net; spf=pass; dkim=pass; dmarc=pass',
      'From: a@x.example',
      'Subject: hi',
      '',
      'hello',
    ].join('\r\n')
    expect((await parseInboundMail(raw, envelope)).auth).toEqual({
      spf: 'fail',
      dkim: 'fail',
      dmarc: 'fail',
    })
  })

  it('takes SPF from Received-SPF when no Authentication-Results names it', async () => {
    const raw = 'Received-SPF: Pass (mx: ok)\r\nFrom: a@x.example\r\nSubject: hi\r\n\r\nhello'
    expect((await parseInboundMail(raw, envelope)).auth).toEqual({
      spf: 'pass',
      dkim: 'none',
      dmarc: 'none',
    })
  })

  it('gives the same normalized id for a duplicate whose Message-Id header is folded', async () => {
    const first = await parseInboundMail(corpus.gmail, envelope)
    const again = await parseInboundMail(corpus.gmailDuplicate, envelope)
    expect(corpus.gmailDuplicate).not.toBe(corpus.gmail)
    expect(again.messageId).toBe(first.messageId)
    expect(again.messageId).toBe('CAF7abc123@mail.gmail.example')
  })

  it('derives safe text from HTML-only mail: entities decoded, scripts and styles dropped', async () => {
    const mail = await parseInboundMail(corpus.htmlOnly, envelope)
    expect(mail.html).toContain('<script>')
    expect(mail.text).toContain('Hello & welcome — café <b>bold</b>')
    expect(mail.text).toMatch(/Second\s+line €5/)
    expect(mail.text).not.toContain('stealCookies')
    expect(mail.text).not.toContain('color: red')
    expect(mail.text).not.toContain('&amp;')
    expect(mail.text).not.toContain('<p>')
  })

  it('decodes ISO-8859-1 bodies and RFC 2047 subjects and names', async () => {
    const mail = await parseInboundMail(corpus.latin1, envelope)
    expect(mail.subject).toBe('Café crème')
    expect(mail.from).toEqual({ name: 'José García', address: 'jose@example.es' })
    expect(mail.text.trim()).toBe("Un café crème à emporter, s'il vous plaît.")
  })

  it('decodes Shift_JIS bodies and subjects', async () => {
    const mail = await parseInboundMail(corpus.shiftJis, envelope)
    expect(mail.subject).toBe('注文')
    expect(mail.text.trim()).toBe('こんにちは、注文について')
  })

  it('gives an inline image its bytes and its content id, as the HTML refers to it', async () => {
    const mail = await parseInboundMail(corpus.inlineImage, envelope)
    expect(mail.html).toContain('src="cid:shot-1@gmail.example"')
    expect(mail.attachments).toHaveLength(1)
    const [image] = mail.attachments
    expect(image).toMatchObject({
      filename: 'screenshot.png',
      mimeType: 'image/png',
      contentId: 'shot-1@gmail.example',
      disposition: 'inline',
      size: png.length,
    })
    expect(image?.bytes).toEqual(png)
  })

  it('gives attachments their names, types, sizes and bytes', async () => {
    const mail = await parseInboundMail(corpus.attachment, envelope)
    expect(mail.text.trim()).toBe('Invoice attached.')
    const [pdf, notes] = mail.attachments
    expect(pdf).toMatchObject({
      filename: 'invoice-77.pdf',
      mimeType: 'application/pdf',
      disposition: 'attachment',
      contentId: null,
      size: 28,
    })
    expect(text(pdf!.bytes)).toBe('%PDF-1.4\n% invoice 77\n%%EOF\n')
    expect(notes).toMatchObject({ filename: 'résumé.txt', mimeType: 'text/plain', size: 12 })
    expect(text(notes!.bytes)).toBe('plain notes\n')
  })

  it('parses a stream and an ArrayBuffer as it parses the string', async () => {
    const fromString = await parseInboundMail(corpus.attachment, envelope)
    const fromStream = await parseInboundMail(streamOf(corpus.attachment), envelope)
    const buffer = new TextEncoder().encode(corpus.attachment).buffer as ArrayBuffer
    const fromBuffer = await parseInboundMail(buffer, envelope)
    for (const mail of [fromStream, fromBuffer]) {
      expect(mail.messageId).toBe(fromString.messageId)
      expect(mail.text).toBe(fromString.text)
      expect(mail.attachments.map((a) => a.bytes)).toEqual(
        fromString.attachments.map((a) => a.bytes),
      )
      expect(mail.size).toBe(fromString.size)
    }
    expect(fromString.size).toBe(new TextEncoder().encode(corpus.attachment).length)
  })

  it('falls back to the envelope sender when the mail has no From header', async () => {
    const mail = await parseInboundMail('Subject: hi\r\n\r\nhello', {
      from: 'Bounces+X@Example.com',
      to: 'support@parley.test',
    })
    expect(mail.from).toEqual({ name: '', address: 'bounces+x@example.com' })
    expect(mail.messageId).toBeNull()
    expect(mail.inReplyTo).toBeNull()
    expect(mail.references).toEqual([])
  })

  it('refuses a mail over the size limit with an SMTP-style reason, from a string or a stream', async () => {
    const limit = 1000
    expect(corpus.gmail.length).toBeGreaterThan(limit)
    for (const raw of [corpus.gmail, streamOf(corpus.gmail)]) {
      const refusal = await refusalOf(parseInboundMail(raw, envelope, { maxBytes: limit }))
      expect(refusal.kind).toBe('too_large')
      expect(refusal.reason).toMatch(/^5\.3\.4 /)
      expect(refusal.reason).toContain('1000')
    }
    const within = await parseInboundMail(corpus.gmail, envelope, { maxBytes: 1_000_000 })
    expect(within.subject).toBe('Re: Delivery for order 1042')
  })

  it('refuses by default what Email Routing would not carry, over 25 MiB', async () => {
    expect(INBOUND_MAIL_LIMIT_BYTES).toBe(25 * 1024 * 1024)
    const huge = `From: a@x.example\r\nSubject: big\r\n\r\n${'a'.repeat(INBOUND_MAIL_LIMIT_BYTES)}`
    const refusal = await refusalOf(parseInboundMail(huge, envelope))
    expect(refusal.kind).toBe('too_large')
  })

  it('refuses garbage and empty input as unparsable instead of crashing', async () => {
    const garbage = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)
    for (const raw of [garbage.buffer as ArrayBuffer, '', '\r\n\r\n', 'just some words']) {
      const refusal = await refusalOf(parseInboundMail(raw, envelope))
      expect(refusal.kind).toBe('unparsable')
      expect(refusal.reason).toMatch(/^5\.6\.0 /)
    }
  })
})
