import { screen } from '@testing-library/preact'
import type { Agent, Inbox } from '../../../../dashboard/src/api/schema'
import { ACCOUNT, accountServices, type Call, recordingApi } from '../../workspace-harness'

export { ACCOUNT, type Call, renderWith, settle } from '../../workspace-harness'
export const base = `/api/v1/accounts/${ACCOUNT}`

type Handler = (call: Call) => Response | undefined

/** The account's services over a fake API that keeps every call with its JSON body. */
export function services(handler: Handler) {
  const { api, calls } = recordingApi(handler)
  return { services: accountServices(api), calls }
}

/** A website inbox as the API answers it, with what the tests vary. */
export function websiteInbox(fields: Partial<Inbox> = {}): Inbox {
  return {
    id: 7,
    account_id: ACCOUNT,
    avatar_url: '',
    channel_id: 7,
    name: 'Shop',
    channel_type: 'Channel::WebWidget',
    provider: null,
    greeting_enabled: false,
    greeting_message: null,
    working_hours_enabled: false,
    enable_email_collect: true,
    csat_survey_enabled: false,
    enable_auto_assignment: true,
    out_of_office_message: null,
    working_hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day_of_week: day,
      closed_all_day: day === 0 || day === 6,
      open_hour: day === 0 || day === 6 ? null : 9,
      open_minutes: day === 0 || day === 6 ? null : 0,
      close_hour: day === 0 || day === 6 ? null : 17,
      close_minutes: day === 0 || day === 6 ? null : 0,
      open_all_day: false,
    })),
    timezone: 'UTC',
    allow_messages_after_resolved: true,
    lock_to_single_conversation: false,
    business_name: null,
    sender_name_type: 'friendly',
    website_url: 'https://shop.example.com',
    widget_color: '#1f93ff',
    welcome_title: null,
    welcome_tagline: null,
    reply_time: 'in_a_few_minutes',
    pre_chat_form_enabled: false,
    pre_chat_form_options: {
      pre_chat_message: 'Share your queries or comments here.',
      pre_chat_fields: [
        { name: 'emailAddress', label: 'Email Id', type: 'email', required: true, enabled: false },
        { name: 'fullName', label: 'Full name', type: 'text', required: false, enabled: false },
      ],
    },
    allowed_domains: '',
    hmac_mandatory: false,
    webhook_url: null,
    email: null,
    phone_number: null,
    medium: null,
    messaging_service_sid: null,
    inbox_identifier: 'abc123identifier',
    continuity_via_email: true,
    forward_to_email: null,
    hmac_token: 'secret-hmac-token',
    ...fields,
  }
}

export function agent(id: number, name: string): Agent {
  return {
    id,
    account_id: ACCOUNT,
    availability_status: 'online',
    auto_offline: true,
    confirmed: true,
    email: `${name.toLowerCase()}@example.com`,
    provider: 'email',
    available_name: name,
    name,
    role: 'agent',
    thumbnail: '',
  }
}

/** A CodeBlock by its caption (happy-dom names no figure from its figcaption). */
export function codeBlock(caption: string): HTMLElement {
  const figure = screen.getByText(caption, { selector: 'figcaption' }).closest('figure')
  if (!figure) throw new Error(`no code block captioned ${caption}`)
  return figure as HTMLElement
}
