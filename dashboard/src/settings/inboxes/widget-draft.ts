import type { Inbox, InboxUpdate } from '../../api/schema'

export type WorkingHour = Inbox['working_hours'][number]
export type PreChatField = NonNullable<Inbox['pre_chat_form_options']['pre_chat_fields']>[number]
export type ReplyTime = 'in_a_few_minutes' | 'in_a_few_hours' | 'in_a_day'
export const REPLY_TIMES: ReplyTime[] = ['in_a_few_minutes', 'in_a_few_hours', 'in_a_day']

/** What the widget form edits: the inbox's widget settings as plain values (no nulls). */
export interface WidgetDraft {
  name: string
  website_url: string
  welcome_title: string
  welcome_tagline: string
  widget_color: string
  reply_time: ReplyTime
  allowed_domains: string
  greeting_enabled: boolean
  greeting_message: string
  enable_email_collect: boolean
  working_hours_enabled: boolean
  working_hours: WorkingHour[]
  out_of_office_message: string
  timezone: string
  pre_chat_form_enabled: boolean
  pre_chat_message: string
  pre_chat_fields: PreChatField[]
}

/** Chatwoot's three standard pre-chat fields, in the order the form offers them. */
export const STANDARD_FIELDS: PreChatField[] = [
  {
    name: 'fullName',
    label: 'Full name',
    type: 'text',
    field_type: 'standard',
    required: false,
    enabled: false,
  },
  {
    name: 'emailAddress',
    label: 'Email Id',
    type: 'email',
    field_type: 'standard',
    required: true,
    enabled: false,
  },
  {
    name: 'phoneNumber',
    label: 'Phone number',
    type: 'text',
    field_type: 'standard',
    required: false,
    enabled: false,
  },
]

/** The inbox's fields with any missing standard field added (switched off), others kept. */
export function withStandardFields(fields: PreChatField[] | undefined): PreChatField[] {
  const list = [...(fields ?? [])]
  for (const standard of STANDARD_FIELDS) {
    if (!list.some((field) => field.name === standard.name)) list.push({ ...standard })
  }
  return list
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/

export function draftOf(inbox: Inbox): WidgetDraft {
  const replyTime = inbox.reply_time as ReplyTime | null
  return {
    name: inbox.name,
    website_url: inbox.website_url ?? '',
    welcome_title: inbox.welcome_title ?? '',
    welcome_tagline: inbox.welcome_tagline ?? '',
    widget_color: inbox.widget_color ?? '#1f93ff',
    reply_time: replyTime && REPLY_TIMES.includes(replyTime) ? replyTime : 'in_a_few_minutes',
    allowed_domains: inbox.allowed_domains,
    greeting_enabled: inbox.greeting_enabled,
    greeting_message: inbox.greeting_message ?? '',
    enable_email_collect: inbox.enable_email_collect,
    working_hours_enabled: inbox.working_hours_enabled,
    working_hours: inbox.working_hours,
    out_of_office_message: inbox.out_of_office_message ?? '',
    timezone: inbox.timezone,
    pre_chat_form_enabled: inbox.pre_chat_form_enabled,
    pre_chat_message: inbox.pre_chat_form_options.pre_chat_message ?? '',
    pre_chat_fields: withStandardFields(inbox.pre_chat_form_options.pre_chat_fields),
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const orNull = (value: string) => (value.trim() === '' ? null : value)

/**
 * The PATCH body for what changed since `saved`, in Chatwoot's shape: widget settings under
 * `channel`, the greeting, email collection and business hours at the top level. Unchanged
 * fields are left out.
 */
export function updateBody(saved: WidgetDraft, draft: WidgetDraft): InboxUpdate {
  const changed = (key: keyof WidgetDraft) => !same(saved[key], draft[key])
  const body: InboxUpdate = {}
  const channel: NonNullable<InboxUpdate['channel']> = {}
  if (changed('name')) body.name = draft.name
  if (changed('greeting_enabled')) body.greeting_enabled = draft.greeting_enabled
  if (changed('greeting_message')) body.greeting_message = orNull(draft.greeting_message)
  if (changed('enable_email_collect')) body.enable_email_collect = draft.enable_email_collect
  if (changed('working_hours_enabled')) body.working_hours_enabled = draft.working_hours_enabled
  if (changed('working_hours')) body.working_hours = draft.working_hours
  if (changed('out_of_office_message'))
    body.out_of_office_message = orNull(draft.out_of_office_message)
  if (changed('timezone')) body.timezone = draft.timezone
  if (changed('website_url')) channel.website_url = draft.website_url.trim()
  if (changed('welcome_title')) channel.welcome_title = orNull(draft.welcome_title)
  if (changed('welcome_tagline')) channel.welcome_tagline = orNull(draft.welcome_tagline)
  if (changed('widget_color')) channel.widget_color = draft.widget_color
  if (changed('reply_time')) channel.reply_time = draft.reply_time
  if (changed('allowed_domains')) channel.allowed_domains = draft.allowed_domains.trim()
  if (changed('pre_chat_form_enabled')) channel.pre_chat_form_enabled = draft.pre_chat_form_enabled
  if (changed('pre_chat_message') || changed('pre_chat_fields')) {
    channel.pre_chat_form_options = {
      pre_chat_message: draft.pre_chat_message,
      pre_chat_fields: draft.pre_chat_fields,
    }
  }
  if (Object.keys(channel).length > 0) body.channel = channel
  return body
}

/** "09:30" from an hour and minutes; "" when unset. */
export function timeOf(hour: number | null | undefined, minutes: number | null | undefined) {
  if (hour === null || hour === undefined) return ''
  return `${String(hour).padStart(2, '0')}:${String(minutes ?? 0).padStart(2, '0')}`
}

/** An hour and minutes from "09:30"; nulls for an empty or malformed value. */
export function hourAndMinutes(value: string): [number | null, number | null] {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value)
  if (!match) return [null, null]
  return [Number(match[1]), Number(match[2])]
}
