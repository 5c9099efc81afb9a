import { inject } from 'vitest'
import { readSmtpUrl } from '../../../worker/email/smtp-mailer'

// The SMTP server test/worker/smtp-receiver.ts runs in Node for these tests.
export type SmtpReceived = { user?: string; mailFrom: string; rcptTo: string[]; raw: string }

/** The loopback SMTP server, signed in as the user it accepts. */
export const smtpServer = () => readSmtpUrl(`smtp://parley:secret@127.0.0.1:${inject('smtpPort')}`)

/** Every message an envelope carried to `address`, oldest first. */
export async function receivedBy(address: string): Promise<SmtpReceived[]> {
  const url = `http://127.0.0.1:${inject('smtpReceivedPort')}/received/${encodeURIComponent(address)}`
  return (await (await fetch(url)).json()) as SmtpReceived[]
}

declare module 'vitest' {
  export interface ProvidedContext {
    smtpPort: number
    smtpReceivedPort: number
  }
}

/** The one message that reached `address`; fails the test if there were none or several. */
export async function onlyReceivedBy(address: string): Promise<SmtpReceived> {
  const all = await receivedBy(address)
  if (all.length !== 1 || !all[0]) throw new Error(`${address} received ${all.length} messages`)
  return all[0]
}
