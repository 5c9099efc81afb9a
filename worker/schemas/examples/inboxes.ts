/** Examples of the inboxes schemas, in Chatwoot's shapes, for /openapi.json. */

export const WorkingHoursExample = {
  day_of_week: 1,
  closed_all_day: false,
  open_hour: 9,
  open_minutes: 0,
  close_hour: 17,
  close_minutes: 0,
  open_all_day: false,
}

export const PreChatFormOptionsExample = {
  pre_chat_message: 'Tell us who you are before we start',
  pre_chat_fields: [
    {
      name: 'emailAddress',
      label: 'Email Id',
      type: 'text',
      field_type: 'standard',
      required: false,
      enabled: true,
      placeholder: 'you@example.com',
    },
  ],
}

/** How the website widget looks and greets, as an inbox and its public view show it. */
export const WidgetLookExample = {
  widget_color: '#1f93ff',
  welcome_title: 'Hi there!',
  welcome_tagline: 'We reply in a few minutes.',
  reply_time: 'in_a_few_minutes',
  pre_chat_form_enabled: true,
  pre_chat_form_options: PreChatFormOptionsExample,
}

export const InboxExample = {
  id: 3,
  account_id: 1,
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  channel_id: 3,
  name: 'Website',
  channel_type: 'Channel::WebWidget',
  provider: null,
  greeting_enabled: true,
  greeting_message: 'Hello! Ask us anything.',
  working_hours_enabled: true,
  enable_email_collect: false,
  csat_survey_enabled: true,
  enable_auto_assignment: false,
  out_of_office_message: 'We are away until Monday, 9:00.',
  working_hours: [WorkingHoursExample],
  timezone: 'UTC',
  allow_messages_after_resolved: true,
  lock_to_single_conversation: false,
  business_name: null,
  sender_name_type: 'friendly',
  website_url: 'https://www.example.com',
  ...WidgetLookExample,
  continuity_via_email: true,
  allowed_domains: 'www.example.com,shop.example.com',
  hmac_mandatory: false,
  webhook_url: 'https://www.example.com',
  email: 'jane@example.com',
  phone_number: '+14155550123',
  medium: null,
  messaging_service_sid: null,
  inbox_identifier: 'Xb9tK2mQ7wP4rL8sN3vZ6yC1',
  forward_to_email: null,
  hmac_token: 'Hm9kX2vP4rT7wQ1zL8nB3cY6',
  webhook_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
}

export const InboxUpdateExample = {
  greeting_enabled: true,
  greeting_message: 'Hello! Ask us anything.',
  enable_email_collect: false,
  csat_survey_enabled: true,
  enable_auto_assignment: false,
  working_hours_enabled: true,
  working_hours: [WorkingHoursExample],
  out_of_office_message: 'We are away until Monday, 9:00.',
  timezone: 'UTC',
  allow_messages_after_resolved: true,
  lock_to_single_conversation: false,
  name: 'Website',
  channel: {
    website_url: 'https://www.example.com',
    ...WidgetLookExample,
    hmac_mandatory: false,
    allowed_domains: 'www.example.com,shop.example.com',
    webhook_url: 'https://www.example.com',
    additional_attributes: {},
    email: 'jane@example.com',
    phone_number: '+14155550123',
  },
}

export const InboxInputExample = {
  ...InboxUpdateExample,
  channel: { type: 'web_widget', ...InboxUpdateExample.channel },
}
