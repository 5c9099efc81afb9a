import type { Inbox } from '../../api/schema'
import { inboxesEn as t } from '../../i18n/inboxes.en'

const CHANNEL_NAMES: Record<string, string> = {
  'Channel::WebWidget': t.channel.website ?? 'Website',
  'Channel::Api': t.channel.api ?? 'API',
  'Channel::Email': t.channel.email ?? 'Email',
  'Channel::Sms': t.channel.sms ?? 'SMS',
}

/** "Website", "API"… for an inbox's Chatwoot channel class. */
export const channelName = (inbox: Pick<Inbox, 'channel_type'>) =>
  CHANNEL_NAMES[inbox.channel_type] ?? inbox.channel_type

export const isWebsite = (inbox: Pick<Inbox, 'channel_type'>) =>
  inbox.channel_type === 'Channel::WebWidget'
export const isApi = (inbox: Pick<Inbox, 'channel_type'>) => inbox.channel_type === 'Channel::Api'
