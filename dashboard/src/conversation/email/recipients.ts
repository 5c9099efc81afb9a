/**
 * Cc and Bcc as the agent types them: comma-separated addresses, sent as Chatwoot's
 * `cc_emails`/`bcc_emails` (comma-separated strings). The server checks them again; this only
 * catches typing mistakes before the reply leaves the composer.
 */

// A local part, an @, and a dotted domain, with nothing that separates or quotes addresses.
const ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]+$/

export interface AddressList {
  addresses: string[]
  invalid: string[]
}

export function parseAddressList(value: string): AddressList {
  const parts = value
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean)
  return {
    addresses: parts.filter((part) => ADDRESS.test(part)),
    invalid: parts.filter((part) => !ADDRESS.test(part)),
  }
}

/** The extra fields of a reply on an email conversation (absent when empty). */
export interface EmailRecipients {
  cc_emails?: string
  bcc_emails?: string
}

export function recipientFields(cc: string, bcc: string): EmailRecipients {
  const fields: EmailRecipients = {}
  const ccList = parseAddressList(cc).addresses
  const bccList = parseAddressList(bcc).addresses
  if (ccList.length) fields.cc_emails = ccList.join(',')
  if (bccList.length) fields.bcc_emails = bccList.join(',')
  return fields
}
