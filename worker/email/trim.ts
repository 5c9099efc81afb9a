// What an agent reads of a reply: the new text, without the quoted history and the signature.
// email-reply-parser finds the quote headers ("On … wrote:", Outlook's "From: … Sent: …" and
// "-----Original Message-----") and signatures; a forward is kept whole, since the forwarded
// mail is the content. The caller keeps the full text and HTML.
import EmailReplyParser from 'email-reply-parser'
import type { InboundMail } from './parse'

export type TrimmedReply = { text: string; trimmed: boolean }

// Subject prefixes of a forward in the common clients' languages (Fwd, Fw, Tr, Wg, Rv, Enc, Doorst).
const FORWARD_SUBJECT = /^\s*(fwd?|tr|wg|rv|enc|doorst)\s*:/i
const FORWARD_MARKER =
  /^\s*(-{2,}\s*(forwarded message|original message follows|message transféré|weitergeleitete nachricht)\s*-{2,}|begin forwarded message:)\s*$/im

// The parser's patterns backtrack on long lines (a 32 KB line takes seconds), and a quote header
// is never long: longer lines are set aside before parsing and put back after.
const MAX_LINE = 300
// Only the head of a very long mail is searched for where the quote starts.
const MAX_SEARCHED = 64 * 1024
const SET_ASIDE = /\uE000(\d+)\uE000/g

function isForward(mail: Pick<InboundMail, 'subject'>, text: string): boolean {
  return FORWARD_SUBJECT.test(mail.subject) || FORWARD_MARKER.test(text)
}

function visibleTextOf(text: string): string {
  const long: string[] = []
  const probe = text
    .split('\n')
    .map((line) => {
      if (line.length <= MAX_LINE) return line
      long.push(line)
      // A private-use character (removed from the text first) marks the place; a quoted line
      // stays quoted.
      return `${line.startsWith('>') ? '> ' : ''}\uE000${long.length - 1}\uE000`
    })
    .join('\n')
  const visible = new EmailReplyParser().read(probe).getVisibleText()
  return visible.replace(SET_ASIDE, (_, i: string) => long[Number(i)]?.replace(/^>\s?/, '') ?? '')
}

export function trimReply(mail: Pick<InboundMail, 'text' | 'subject'>): TrimmedReply {
  const full = mail.text
    .replace(/\r\n?/g, '\n')
    .replace(/\uE000/g, '')
    .trim()
  if (full === '' || isForward(mail, full)) return { text: full, trimmed: false }
  const head = full.slice(0, MAX_SEARCHED)
  const visible = visibleTextOf(head).trim()
  // Everything looked quoted (a bare quote, or a mail the parser misread): keep it all.
  if (visible === '') return { text: full, trimmed: false }
  if (visible === head.trim()) return { text: full, trimmed: false }
  return { text: visible, trimmed: true }
}
