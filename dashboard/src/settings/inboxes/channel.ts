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
