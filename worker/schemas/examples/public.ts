/** Examples of the public schemas, in Chatwoot's shapes, for /openapi.json. */

export const PublicInboxExample = {
  name: 'Jane Doe',
  timezone: 'UTC',
  working_hours: [
    {
      day_of_week: 0,
      closed_all_day: false,
      open_hour: 1,
      open_minutes: 1,
      close_hour: 1,
      close_minutes: 1,
      open_all_day: false,
    },
  ],
  working_hours_enabled: true,
  widget_color: '#1f93ff',
  welcome_title: 'Hi there!',
  welcome_tagline: 'We reply in a few minutes.',
  reply_time: 'in_a_few_minutes',
  pre_chat_form_enabled: true,
  pre_chat_form_options: {
    pre_chat_message: 'pre chat message',
    pre_chat_fields: [
      {
        name: 'Jane Doe',
        label: 'billing',
        type: 'text',
        field_type: 'field type',
        required: false,
        enabled: true,
        placeholder: 'placeholder',
      },
    ],
  },
  csat_survey_enabled: true,
  greeting_enabled: true,
  greeting_message: 'Hello! Ask us anything.',
  identifier: 'customer-4821',
  identity_validation_enabled: true,
  locale: 'en',
}

export const PublicContactSessionExample = {
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  pubsub_token: 'kHx2Wq9mT3vL8pN4rS6uY1zB',
  id: 1,
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone_number: '+14155550123',
}

export const PublicContactCreateExample = {
  identifier: 'customer-4821',
  identifier_hash: 'x',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone_number: '+14155550123',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  custom_attributes: {
    plan: 'pro',
  },
}

export const PublicContactExample = {
  id: 1,
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone_number: '+14155550123',
  identifier: 'customer-4821',
  custom_attributes: {
    plan: 'pro',
  },
  additional_attributes: {},
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  pubsub_token: 'kHx2Wq9mT3vL8pN4rS6uY1zB',
}

export const PublicContactUpdateExample = {
  identifier: 'customer-4821',
  identifier_hash: 'x',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone_number: '+14155550123',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  custom_attributes: {
    plan: 'pro',
  },
}

export const PublicConversationExample = {
  id: 1,
  uuid: '5f0c2c8e-3a1b-4f6e-9d2a-7b8c9d0e1f2a',
  inbox_id: 1,
  status: 'open',
  contact_last_seen_at: 1763892900,
  agent_last_seen_at: 1763892900,
  messages: [
    {
      id: 1,
      content: 'Hello, how can I help you?',
      message_type: 1,
      content_type: 'text',
      content_attributes: {},
      created_at: 1763892900,
      conversation_id: 1,
      status: 'open',
      echo_id: 'echo id',
      attachments: [
        {
          id: 1,
          message_id: 1,
          file_type: 'file type',
          account_id: 1,
          extension: 'extension',
          data_url: 'https://www.example.com',
          thumb_url: 'https://www.example.com',
          file_size: 1,
          width: 1,
          height: 1,
        },
      ],
      sender: {
        id: 1,
        name: 'Jane Doe',
        available_name: 'Jane Doe',
        avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
        type: 'user',
        availability_status: 'online',
        thumbnail: '',
      },
    },
  ],
  contact: {
    id: 1,
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone_number: '+14155550123',
    identifier: 'customer-4821',
    custom_attributes: {
      plan: 'pro',
    },
    additional_attributes: {},
    source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
    pubsub_token: 'kHx2Wq9mT3vL8pN4rS6uY1zB',
  },
}

export const PublicConversationCreateExample = {
  custom_attributes: {
    plan: 'pro',
  },
}

export const PublicTypingInputExample = {
  typing_status: 'on',
}

export const PublicLabelInputExample = {
  label: 'billing',
}

export const PublicMessageInputExample = {
  content: 'Hello, how can I help you?',
  echo_id: 'x',
}

export const PublicMessageFormExample = {
  content: 'Hello, how can I help you?',
  echo_id: 'echo id',
  'attachments[]': ['attachments[]'],
}

export const SubmittedValuesInputExample = {
  submitted_values: [
    {
      name: 'Jane Doe',
      title: 'billing',
      csat_survey_response: {
        rating: 1,
        feedback_message: 'feedback message',
      },
    },
  ],
}

export const WidgetEventInputExample = {
  name: 'webwidget.triggered',
  event_info: {},
}
