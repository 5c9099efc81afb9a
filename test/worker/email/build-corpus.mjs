// Builds the inbound-mail corpus in corpus/ with nodemailer's MailComposer, the way real clients
// shape their mail. Run with `node test/worker/email/build-corpus.mjs` after changing it; the .eml
// files are checked in because nodemailer needs Node's streams and Buffer, and the tests run in
// workerd. Every output is 7-bit (quoted-printable or base64), so the tests can read it as text.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import MimeNode from 'nodemailer/lib/mime-node/index.js'

const here = import.meta.dirname
const outDir = path.join(here, 'corpus')
const date = new Date('2025-03-04T09:30:00Z')
const support = 'Parley Support <support@parley.test>'

// A header written as the receiving server folds it, not re-encoded by MailComposer.
const prepared = (...lines) => ({ prepared: true, value: lines.join('\r\n\t') })

// Cloudflare Email Routing records what it checked on the way in.
const authPass = {
  'ARC-Authentication-Results': prepared(
    'i=1; mx.cloudflare.net;',
    'dkim=pass header.d=gmail.example header.s=20230601 header.b=abc;',
    'dmarc=pass header.from=gmail.example policy.dmarc=none;',
    'spf=pass (mx.cloudflare.net: domain of ana.lima@gmail.example designates 209.85.1.1 as permitted sender) smtp.mailfrom=ana.lima@gmail.example',
  ),
  'Received-SPF': prepared(
    'pass (mx.cloudflare.net: domain of ana.lima@gmail.example designates 209.85.1.1 as',
    'permitted sender) receiver=mx.cloudflare.net; client-ip=209.85.1.1;',
  ),
}

function compose(options) {
  return new Promise((resolve, reject) => {
    new MailComposer({ date, ...options }).compile().build((err, message) => {
      if (err) reject(err)
      else resolve(message.toString('latin1'))
    })
  })
}

function buildNode(node) {
  return new Promise((resolve, reject) => {
    node.build((err, message) => (err ? reject(err) : resolve(message.toString('latin1'))))
  })
}

const gmailText = `Yes, Tuesday works for me.

Thanks,
Ana L\u00facia

On Mon, Mar 3, 2025 at 10:00 AM Parley Support <support@parley.test>
wrote:

> Hi Ana,
>
> Would Tuesday suit you for the delivery?
>
> Parley Support
`

const outlookText = `Hello,

The invoice is paid now.

Bruno Costa
Contoso Ltd.

________________________________
From: Parley Support <support@parley.test>
Sent: Monday, March 3, 2025 10:00 AM
To: Bruno Costa <bruno@contoso.example>
Subject: Invoice 77

Hi Bruno, your invoice 77 is due on Friday.
`

const outlookOriginalText = `Thanks, that fixed it.

-----Original Message-----
From: Parley Support [mailto:support@parley.test]
Sent: Monday, March 3, 2025 10:00 AM
To: Bruno Costa
Subject: Printer

Please restart the printer.
`

const appleText = `Perfect, see you then.

Sent from my iPhone

On 3 Mar 2025, at 10:00, Parley Support <support@parley.test> wrote:

> Shall we meet at 3pm?
`

const forwardText = `Can you help this customer?

---------- Forwarded message ---------
From: Dana Reyes <dana@example.org>
Date: Mon, 3 Mar 2025 at 09:00
Subject: Shipping delay
To: <ops@shop.example>

My parcel is two weeks late. Order 5521.
`

// こんにちは、注文について (Shift_JIS) and its subject 注文 as an RFC 2047 encoded word.
const shiftJisBody = Buffer.from([
  0x82, 0xb1, 0x82, 0xf1, 0x82, 0xc9, 0x82, 0xbf, 0x82, 0xcd, 0x81, 0x41, 0x92, 0x8d, 0x95, 0xb6,
  0x82, 0xc9, 0x82, 0xc2, 0x82, 0xa2, 0x82, 0xc4,
])
if (new TextDecoder('shift_jis').decode(shiftJisBody) !== 'こんにちは、注文について') {
  throw new Error('the Shift_JIS bytes do not spell the expected text')
}
const shiftJisSubject = `=?Shift_JIS?B?${Buffer.from([0x92, 0x8d, 0x95, 0xb6]).toString('base64')}?=`

// A 1x1 PNG, and a small PDF-looking file; the tests compare these bytes.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const pdf = Buffer.from('%PDF-1.4\n% invoice 77\n%%EOF\n', 'latin1')

// Older clients write encoded words and bodies in their own charset; MailComposer writes UTF-8
// only, so these are built from a MimeNode with the charset's bytes.
function singlePart({ from, subject, messageId, contentType, encoding, body }) {
  const node = new MimeNode(contentType)
  node.setHeader({
    to: support,
    subject: { prepared: true, value: subject },
    'message-id': messageId,
    date: date.toUTCString(),
    'content-transfer-encoding': encoding,
  })
  node.setContent(body)
  // MimeNode would encode a From name in UTF-8, so the header is written as it came.
  return buildNode(node).then((raw) => `From: ${from}\r\n${raw}`)
}

async function dsn() {
  const root = new MimeNode('multipart/report; report-type=delivery-status')
  root.setHeader({
    from: 'Mail Delivery Subsystem <MAILER-DAEMON@mx.example.net>',
    to: 'support@parley.test',
    subject: 'Delivery Status Notification (Failure)',
    'message-id': '<dsn-7781@mx.example.net>',
    date: date.toUTCString(),
    'auto-submitted': 'auto-replied',
  })
  root
    .createChild('text/plain')
    .setContent(
      "This is the mail system at host mx.example.net.\n\nI'm sorry to have to inform you that your message could not be delivered.\n\n<gone@example.net>: host mx.example.net said: 550 5.1.1 User unknown\n",
    )
  root
    .createChild('message/delivery-status')
    .setContent(
      'Reporting-MTA: dns; mx.example.net\n\nFinal-Recipient: rfc822; gone@example.net\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 5.1.1 User unknown\n',
    )
  root
    .createChild('text/rfc822-headers')
    .setContent(
      'From: support@parley.test\nTo: gone@example.net\nSubject: Your order\nMessage-ID: <out-1@parley.test>\n',
    )
  return buildNode(root)
}

const corpus = {
  'gmail-reply': await compose({
    from: 'Ana Lima <Ana.Lima@Gmail.Example>',
    to: support,
    cc: 'Ops Team <ops@parley.test>, boss@shop.example',
    replyTo: 'Ana at home <ana.home@example.com>',
    subject: 'Re: Delivery for order 1042',
    messageId: '<CAF7abc123@mail.gmail.example>',
    inReplyTo: '<out-41@parley.test>',
    references: '<out-40@parley.test> <out-41@parley.test>',
    headers: authPass,
    textEncoding: 'quoted-printable',
    text: gmailText,
    html: `<div dir="ltr">Yes, Tuesday works for me.<br><br>Thanks,<br>Ana</div><br><div class="gmail_quote"><div class="gmail_attr">On Mon, Mar 3, 2025 at 10:00 AM Parley Support &lt;support@parley.test&gt; wrote:<br></div><blockquote class="gmail_quote">Hi Ana,<br>Would Tuesday suit you for the delivery?</blockquote></div>`,
  }),
  'outlook-reply': await compose({
    from: 'Bruno Costa <bruno@contoso.example>',
    to: support,
    subject: 'RE: Invoice 77',
    messageId: '<AM0PR01MB1234.eurprd01.prod.outlook.example>',
    inReplyTo: '<out-77@parley.test>',
    references: '<out-77@parley.test>',
    headers: {
      'Authentication-Results': prepared(
        'mx.cloudflare.net; dkim=none;',
        'spf=fail (mx.cloudflare.net: domain of bruno@contoso.example does not designate 203.0.113.9 as permitted sender) smtp.mailfrom=bruno@contoso.example;',
        'dmarc=fail reason="SPF not aligned (relaxed), No valid DKIM" header.from=contoso.example (policy=reject)',
      ),
      'Received-SPF': prepared(
        'fail (mx.cloudflare.net: domain of bruno@contoso.example does not designate',
        '203.0.113.9 as permitted sender)',
      ),
      'Thread-Topic': 'Invoice 77',
    },
    text: outlookText,
    html: `<div>Hello,</div><div>The invoice is paid now.</div><div>Bruno Costa<br>Contoso Ltd.</div><hr><div id="divRplyFwdMsg"><b>From:</b> Parley Support &lt;support@parley.test&gt;<br><b>Sent:</b> Monday, March 3, 2025 10:00 AM</div><div>Hi Bruno, your invoice 77 is due on Friday.</div>`,
  }),
  'outlook-original-message': await compose({
    from: 'Bruno Costa <bruno@contoso.example>',
    to: support,
    subject: 'RE: Printer',
    messageId: '<000a01d9@contoso.example>',
    inReplyTo: '<out-90@parley.test>',
    text: outlookOriginalText,
  }),
  'apple-reply': await compose({
    from: 'Carla Mendes <carla@icloud.example>',
    to: support,
    subject: 'Re: Meeting',
    messageId: '<5F1C-22AA-4B1E@icloud.example>',
    inReplyTo: '<out-12@parley.test>',
    references: '<out-12@parley.test>',
    text: appleText,
    html: `<html><body dir="auto">Perfect, see you then.<br><br><div>Sent from my iPhone</div><blockquote type="cite">On 3 Mar 2025, at 10:00, Parley Support &lt;support@parley.test&gt; wrote:<br><br>Shall we meet at 3pm?</blockquote></body></html>`,
  }),
  forwarded: await compose({
    from: 'Eve Ops <eve@shop.example>',
    to: support,
    subject: 'Fwd: Shipping delay',
    messageId: '<CAF7fwd999@mail.gmail.example>',
    text: forwardText,
  }),
  'html-only': await compose({
    from: 'Newsy Person <person@example.com>',
    to: support,
    subject: 'Question about caf\u00e9 prices',
    messageId: '<html-only-1@example.com>',
    textEncoding: 'base64',
    html: `<html><head><style>p { color: red }</style><script>stealCookies()</script></head><body><p>Hello &amp; welcome &mdash; caf&eacute; &lt;b&gt;bold&lt;/b&gt;</p><p>Second&nbsp;line &#8364;5</p></body></html>`,
  }),
  latin1: await singlePart({
    from: '=?ISO-8859-1?Q?Jos=E9_Garc=EDa?= <jose@example.es>',
    subject: '=?ISO-8859-1?Q?Caf=E9_cr=E8me?=',
    messageId: '<latin1-1@example.es>',
    contentType: 'text/plain; charset=ISO-8859-1',
    encoding: 'quoted-printable',
    body: Buffer.from("Un caf\u00e9 cr\u00e8me \u00e0 emporter, s'il vous pla\u00eet.\n", 'latin1'),
  }),
  'shift-jis': await singlePart({
    from: 'Taro <taro@example.jp>',
    subject: shiftJisSubject,
    messageId: '<sjis-1@example.jp>',
    contentType: 'text/plain; charset=Shift_JIS',
    encoding: 'base64',
    body: shiftJisBody,
  }),
  'inline-image': await compose({
    from: 'Ana Lima <ana.lima@gmail.example>',
    to: support,
    subject: 'Screenshot of the error',
    messageId: '<inline-1@mail.gmail.example>',
    text: 'See the screenshot.',
    html: '<p>See the screenshot.</p><img src="cid:shot-1@gmail.example" alt="screenshot">',
    attachments: [
      {
        filename: 'screenshot.png',
        content: png,
        cid: 'shot-1@gmail.example',
        contentType: 'image/png',
      },
    ],
  }),
  attachment: await compose({
    from: 'Bruno Costa <bruno@contoso.example>',
    to: support,
    subject: 'Invoice attached',
    messageId: '<attach-1@contoso.example>',
    text: 'Invoice attached.',
    attachments: [
      { filename: 'invoice-77.pdf', content: pdf, contentType: 'application/pdf' },
      { filename: 'r\u00e9sum\u00e9.txt', content: 'plain notes\n', contentType: 'text/plain' },
    ],
  }),
  'auto-reply': await compose({
    from: 'Carla Mendes <carla@icloud.example>',
    to: support,
    subject: 'Out of office: Re: Meeting',
    messageId: '<ooo-1@icloud.example>',
    inReplyTo: '<out-13@parley.test>',
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Autoreply': 'yes' },
    text: 'I am away until Monday and will answer when I am back.',
  }),
  bounce: await dsn(),
  'list-mail': await compose({
    from: 'Shop News <news@lists.shop.example>',
    to: support,
    subject: 'Spring sale',
    messageId: '<news-2025-03@lists.shop.example>',
    headers: {
      'List-Id': 'Shop News <news.lists.shop.example>',
      'List-Unsubscribe': '<mailto:unsubscribe@lists.shop.example>, <https://shop.example/u/1>',
      Precedence: 'bulk',
    },
    text: 'Everything is 20% off this week.',
  }),
}

// The same Gmail reply delivered a second time: its Message-ID header is folded and spelled
// Message-Id, as a relay may rewrite it.
corpus['gmail-reply-duplicate'] = corpus['gmail-reply'].replace(
  'Message-ID: <CAF7abc123@mail.gmail.example>',
  'Message-Id:\r\n <CAF7abc123@mail.gmail.example>',
)
if (corpus['gmail-reply-duplicate'] === corpus['gmail-reply']) {
  throw new Error('the duplicate did not get its folded Message-Id')
}

mkdirSync(outDir, { recursive: true })
for (const [name, raw] of Object.entries(corpus)) {
  if (/[^\t\r\n\x20-\x7e]/.test(raw)) throw new Error(`${name} is not 7-bit`)
  writeFileSync(path.join(outDir, `${name}.eml`), raw, 'latin1')
}
console.log(`wrote ${Object.keys(corpus).length} messages to ${outDir}`)
