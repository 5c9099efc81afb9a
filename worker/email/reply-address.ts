/**
 * Addresses on the deployment's inbound mail domain (`INBOUND_EMAIL_DOMAIN`, routed to the
 * worker's `email()` handler by Cloudflare Email Routing):
 * - an email inbox's forwarding address, `<inbox identifier>@domain`, which the inbox's owner
 *   forwards their support address to (the directory's inbox routes find its account);
 * - a conversation's reply address, `reply+<account id>.<conversation uuid>@domain`, set as
 *   Reply-To on what we send, so a reply threads back even when the mail client drops
 *   In-Reply-To and References (Outlook, some phones). The uuid is random and only ever shown to
 *   the conversation's own people; the account id only says where to look it up.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const REPLY_LOCAL = new RegExp(`^reply\\+([1-9][0-9]{0,15})\\.(${UUID})$`)

/** The domain, lowercased, or null when the deployment receives no mail. */
export function inboundDomain(env: Pick<Env, 'INBOUND_EMAIL_DOMAIN'>): string | null {
  const domain = env.INBOUND_EMAIL_DOMAIN?.trim().toLowerCase()
  return domain ? domain : null
}

export const forwardingAddress = (domain: string, inboxIdentifier: string) =>
  `${inboxIdentifier.toLowerCase()}@${domain}`

export const replyAddress = (domain: string, accountId: number, conversationUuid: string) =>
  `reply+${accountId}.${conversationUuid.toLowerCase()}@${domain}`

export type InboundTarget =
  | { kind: 'reply'; accountId: number; conversationUuid: string }
  | { kind: 'inbox'; identifier: string }

/** What an envelope recipient on our domain names; null for an address on another domain. */
export function readInboundAddress(address: string, domain: string): InboundTarget | null {
  const at = address.lastIndexOf('@')
  if (at <= 0) return null
  const local = address.slice(0, at).toLowerCase()
  if (address.slice(at + 1).toLowerCase() !== domain) return null
  const reply = REPLY_LOCAL.exec(local)
  if (reply?.[1] && reply[2]) {
    return { kind: 'reply', accountId: Number(reply[1]), conversationUuid: reply[2] }
  }
  if (local.startsWith('reply+')) return null
  return { kind: 'inbox', identifier: local }
}
