import { describe, expect, it } from 'vitest'
import { classifyMail } from '../../../worker/email/classify'
import { parseInboundMail } from '../../../worker/email/parse'
import { corpus, envelope } from './corpus'

const kindOf = async (raw: string, from = envelope.from) =>
  classifyMail(await parseInboundMail(raw, { ...envelope, from }))

const withHeaders = (...headers: string[]) =>
  [...headers, 'Subject: hello', '', 'Body text.'].join('\r\n')

describe('classifyMail', () => {
  it('calls replies and forwards from people normal', async () => {
    for (const raw of [corpus.gmail, corpus.outlook, corpus.apple, corpus.forwarded]) {
      expect((await kindOf(raw)).kind).toBe('normal')
    }
  })

  it('calls an out-of-office reply an auto-reply', async () => {
    const result = await kindOf(corpus.autoReply)
    expect(result.kind).toBe('auto_reply')
    expect(result.reason).toContain('Auto-Submitted')
  })

  it('calls a delivery status notification a bounce, though it is also auto-submitted', async () => {
    const result = await kindOf(corpus.bounce, 'MAILER-DAEMON@mx.example.net')
    expect(result.kind).toBe('bounce')
  })

  it('calls list mail bulk', async () => {
    expect((await kindOf(corpus.listMail)).kind).toBe('bulk')
  })

  it('reads each header that marks an automatic mail', async () => {
    const cases: [string, string][] = [
      [withHeaders('From: a@x.example', 'Auto-Submitted: no'), 'normal'],
      [withHeaders('From: a@x.example', 'Auto-Submitted: auto-generated'), 'auto_reply'],
      [withHeaders('From: a@x.example', 'X-Autoreply: yes'), 'auto_reply'],
      [withHeaders('From: a@x.example', 'X-Autorespond: Away'), 'auto_reply'],
      [withHeaders('From: a@x.example', 'Precedence: junk'), 'bulk'],
      [withHeaders('From: a@x.example', 'Precedence: List'), 'bulk'],
      [withHeaders('From: a@x.example', 'Precedence: first-class'), 'normal'],
      [withHeaders('From: a@x.example', 'List-Unsubscribe: <https://x.example/u>'), 'bulk'],
      [withHeaders('From: a@x.example', 'List-Id: <team.x.example>'), 'bulk'],
      [withHeaders('From: Mail Delivery System <Postmaster@x.example>'), 'bounce'],
      [withHeaders('From: mailer-daemon@x.example'), 'bounce'],
    ]
    for (const [raw, kind] of cases) {
      expect({ raw, kind: (await kindOf(raw)).kind }).toEqual({ raw, kind })
    }
  })

  it('calls a bounce by its envelope sender alone, or by a delivery-status report', async () => {
    expect((await kindOf(withHeaders('From: a@x.example'), 'MAILER-DAEMON@x.example')).kind).toBe(
      'bounce',
    )
    expect((await kindOf(withHeaders('From: a@x.example'), '')).kind).toBe('bounce')
    const report = [
      'From: notices@x.example',
      'Subject: Undelivered',
      'Content-Type: multipart/report; report-type="delivery-status"; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Could not deliver.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Action: failed',
      '--b1--',
    ].join('\r\n')
    expect((await kindOf(report)).kind).toBe('bounce')
  })

  it('gives a reason for every kind', async () => {
    for (const raw of [corpus.gmail, corpus.autoReply, corpus.bounce, corpus.listMail]) {
      expect((await kindOf(raw)).reason.length).toBeGreaterThan(0)
    }
  })
})
