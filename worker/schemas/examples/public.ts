/** Examples of the public schemas, in Chatwoot's shapes, for /openapi.json. */
import { WidgetLookExample, WorkingHoursExample } from './inboxes'
import { PublicMessageExample } from './public-messages'

export const PublicInboxExample = {
  online: true,
  available_agents: [{ id: 1, name: 'Jane', avatar_url: '' }],
  name: 'Website',
  timezone: 'UTC',
  working_hours: [WorkingHoursExample],
  working_hours_enabled: true,
  ...WidgetLookExample,
  csat_survey_enabled: true,
  greeting_enabled: true,
  greeting_message: 'Hello! Ask us anything.',
  lock_to_single_conversation: false,
  identifier: 'customer-4821',
  identity_validation_enabled: true,
  locale: 'en',
}

export const PublicContactSessionExample = {
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  pubsub_token: 'kHx2Wq9mT3vL8pN4rS6uY1zB',
  id: 12,
  name: 'Alex Carter',
  email: 'alex@example.com',
  phone_number: '+14155550123',
}

export const PublicContactExample = {
  id: 12,
  name: 'Alex Carter',
  email: 'alex@example.com',
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
  identifier_hash: '6f1ed002ab5595859014ebf0951522d9f8e1a9b3c7c0e5b6a2d4f8e0c1b3a5d7',
  name: 'Alex Carter',
  email: 'jane@example.com',
  phone_number: '+14155550123',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  custom_attributes: {
    plan: 'pro',
  },
}

const { custom_attributes, ...contactFields } = PublicContactUpdateExample
export const PublicContactCreateExample = {
  ...contactFields,
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  custom_attributes,
}

export const PublicConversationExample = {
  id: 42,
  uuid: '5f0c2c8e-3a1b-4f6e-9d2a-7b8c9d0e1f2a',
  inbox_id: 3,
  status: 'open',
  contact_last_seen_at: 1763892900,
  agent_last_seen_at: 1763892900,
  messages: [PublicMessageExample],
  contact: PublicContactExample,
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
  echo_id: 'a3f1c9e2-7b4d-4e8a-9c1f-2d3e4f5a6b7c',
}

export const PublicMessageFormExample = {
  content: 'Hello, how can I help you?',
  echo_id: 'a3f1c9e2-7b4d-4e8a-9c1f-2d3e4f5a6b7c',
  'attachments[]': ['(binary)'],
}

export const SubmittedValuesInputExample = {
  submitted_values: [
    {
      name: 'Jane Doe',
      title: 'Great',
      csat_survey_response: {
        rating: 5,
        feedback_message: 'Quick and helpful, thanks!',
      },
    },
  ],
}

export const WidgetEventInputExample = {
  name: 'webwidget.triggered',
  event_info: {},
}
