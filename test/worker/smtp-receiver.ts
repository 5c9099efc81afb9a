import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server on loopback (nodemailer's smtp-server), started in Node by global-setup.ts
 * for the SMTP mailer's tests, with a small HTTP side to read what it took.
 *   SMTP: AUTH PLAIN/LOGIN as `parley` / `secret`; a recipient whose local part is `busy` gets
 *         451 (try later), `nobody` gets 550 (no such user); everything else is accepted.
 *   GET /received/:address  every message an envelope carried to that address, oldest first
 */
export type SmtpReceived = {
  user: string | undefined
  mailFrom: string
  rcptTo: string[]
  raw: string
}

export async function startSmtpReceiver() {
  const received: SmtpReceived[] = []
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'parley' && auth.password === 'secret')
        callback(null, { user: 'parley' })
      else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }))
    },
    onRcptTo(address, _session, callback) {
      const local = address.address.split('@')[0]
      if (local === 'busy') {
        callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }))
      } else if (local === 'nobody') {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }))
      } else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const http = createServer((req, res) => {
    const [, kind, address = ''] = (req.url ?? '').split('/')
    if (kind !== 'received') return void res.writeHead(404).end()
    const wanted = decodeURIComponent(address)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(received.filter((m) => m.rcptTo.includes(wanted))))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
