import { describe, expect, it } from 'vitest'
import { parseInboundMail } from '../../../worker/email/parse'
import { trimReply } from '../../../worker/email/trim'
import { corpus, envelope } from './corpus'

const trimmedOf = async (raw: string) => trimReply(await parseInboundMail(raw, envelope))

describe('trimReply', () => {
  it('drops the quoted history under a Gmail "On … wrote:" line, even when Gmail wrapped it', async () => {
    const mail = await parseInboundMail(corpus.gmail, envelope)
    expect(trimReply(mail)).toEqual({
      text: 'Yes, Tuesday works for me.\n\nThanks,\nAna Lúcia',
      trimmed: true,
    })
    // The caller keeps the whole mail.
    expect(mail.text).toContain('Would Tuesday suit you')
  })

  it('drops an Outlook "From: … Sent: …" block and all under it', async () => {
    expect(await trimmedOf(corpus.outlook)).toEqual({
      text: 'Hello,\n\nThe invoice is paid now.\n\nBruno Costa\nContoso Ltd.',
      trimmed: true,
    })
  })

  it('drops an Outlook "-----Original Message-----" block', async () => {
    expect(await trimmedOf(corpus.outlookOriginal)).toEqual({
      text: 'Thanks, that fixed it.',
      trimmed: true,
    })
  })

  it('drops Apple Mail quotes and its "Sent from my iPhone" signature', async () => {
    expect(await trimmedOf(corpus.apple)).toEqual({ text: 'Perfect, see you then.', trimmed: true })
  })

  it('keeps a forwarded mail whole: a forward is not a reply', async () => {
    const result = await trimmedOf(corpus.forwarded)
    expect(result.trimmed).toBe(false)
    expect(result.text).toContain('Can you help this customer?')
    expect(result.text).toContain('From: Dana Reyes <dana@example.org>')
    expect(result.text).toContain('My parcel is two weeks late. Order 5521.')
  })

  it('keeps an Apple Mail forward whole', async () => {
    const raw = [
      'From: eve@shop.example',
      'Subject: Fwd: Broken lid',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'For you.',
      '',
      'Begin forwarded message:',
      '',
      'From: Dana Reyes <dana@example.org>',
      'Subject: Broken lid',
      '',
      'The lid arrived broken.',
    ].join('\r\n')
    const result = await trimmedOf(raw)
    expect(result.trimmed).toBe(false)
    expect(result.text).toContain('The lid arrived broken.')
  })

  it('drops a "-- " signature', async () => {
    const raw =
      'From: a@x.example\r\nSubject: q\r\n\r\nWhere is my order?\r\n\r\n-- \r\nAna Lima\r\nShop Owner\r\n'
    expect(await trimmedOf(raw)).toEqual({ text: 'Where is my order?', trimmed: true })
  })

  it('keeps long lines whole, set aside from the quote search, and still drops the quote', async () => {
    const long = `On ${'and so on '.repeat(400)}`
    const raw = `From: a@x.example\r\nSubject: q\r\n\r\n${long}\r\n\r\nOn Mon, 3 Mar 2025 at 10:00, B <b@x.example> wrote:\r\n> old\r\n> ${'quoted '.repeat(100)}\r\n`
    const result = await trimmedOf(raw)
    expect(result).toEqual({ text: long.trim(), trimmed: true })
  })

  it('leaves a mail with nothing quoted as it is', async () => {
    expect(await trimmedOf(corpus.attachment)).toEqual({
      text: 'Invoice attached.',
      trimmed: false,
    })
  })

  it('reads the text derived from HTML-only mail', async () => {
    const result = await trimmedOf(corpus.htmlOnly)
    expect(result.text).toContain('Hello & welcome')
  })

  it('keeps the whole text when everything in it looks quoted, rather than return nothing', async () => {
    const raw = 'From: a@x.example\r\nSubject: q\r\n\r\n> only a quote\r\n> and more\r\n'
    const result = await trimmedOf(raw)
    expect(result.trimmed).toBe(false)
    expect(result.text).toContain('> only a quote')
  })
})
