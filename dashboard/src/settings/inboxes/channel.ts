import type { Inbox } from '../../api/schema'
import type { InboxesStrings } from '../../i18n'

const CHANNEL_KEYS: Record<string, keyof InboxesStrings['channel']> = {
  'Channel::WebWidget': 'website',
  'Channel::Api': 'api',
  'Channel::Email': 'email',
  'Channel::Sms': 'sms',
}

/** "Website", "API"… for an inbox's Chatwoot channel class, in the chosen language. */
export const channelName = (inbox: Pick<Inbox, 'channel_type'>, t: InboxesStrings) => {
  const key = CHANNEL_KEYS[inbox.channel_type]
  return (key && t.channel[key]) || inbox.channel_type
}

export const isWebsite = (inbox: Pick<Inbox, 'channel_type'>) =>
  inbox.channel_type === 'Channel::WebWidget'
export const isApi = (inbox: Pick<Inbox, 'channel_type'>) => inbox.channel_type === 'Channel::Api'
export const isEmail = (inbox: Pick<Inbox, 'channel_type'>) =>
  inbox.channel_type === 'Channel::Email'
export const isPhone = (inbox: Pick<Inbox, 'channel_type'>) => inbox.channel_type === 'Channel::Sms'

/**
 * Where mail for an email inbox must be forwarded (Chatwoot's `forward_to_email`): the inbox's
 * address on the server's inbound mail domain. Null when the server has no such domain.
 */
export const forwardToEmail = (inbox: Inbox & { forward_to_email?: string | null }) =>
  inbox.forward_to_email || null
