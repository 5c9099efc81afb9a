/**
 * Twilio's default opt-out keywords (https://help.twilio.com/articles/223134027): a text that is
 * one of them alone (trimmed, any case) opts the sender out of the number, or back in. HELP and
 * INFO only ask for information and change nothing.
 */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP']

export type OptChange = 'opt_out' | 'opt_in' | null

export function optChangeOf(body: string): OptChange {
  const word = body.trim().toUpperCase()
  if (OPT_OUT_KEYWORDS.includes(word)) return 'opt_out'
  if (OPT_IN_KEYWORDS.includes(word)) return 'opt_in'
  return null
}

/** The contact inbox's opted_out_at after a text: set by an opt-out, cleared by an opt-in. */
export function optedOutAtAfter(current: number | null, body: string, now: number) {
  const change = optChangeOf(body)
  if (change === 'opt_out') return current ?? now
  if (change === 'opt_in') return null
  return current
}
