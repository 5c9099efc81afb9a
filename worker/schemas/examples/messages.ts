/** Examples of the messages schemas, in Chatwoot's shapes, for /openapi.json. */
import { UserPushDataExample } from './agents'

export const AttachmentExample = {
  id: 31,
  message_id: 1057,
  file_type: 'image',
  account_id: 1,
  extension: 'png',
  data_url: 'https://parley.example.com/files/attachments/5f0c2c8e/photo.png',
  thumb_url: 'https://parley.example.com/files/attachments/5f0c2c8e/photo.png',
  file_size: 48213,
  width: 800,
  height: 600,
}

export const MessagePushDataExample = {
  id: 1057,
  content: 'Hello, how can I help you?',
  account_id: 1,
  inbox_id: 3,
  conversation_id: 42,
  message_type: 1,
  created_at: 1763892900,
  updated_at: 1763892900,
  private: false,
  status: 'sent',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  content_type: 'text',
  content_attributes: {},
  sender_type: 'User',
  sender_id: 1,
  external_source_ids: {},
  additional_attributes: {},
  processed_message_content: 'Hello, how can I help you?',
  sentiment: {},
  conversation: {
    assignee_id: 1,
    unread_count: 1,
    last_activity_at: 1763892900,
    contact_inbox: {
      source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
    },
  },
  echo_id: 'a3f1c9e2-7b4d-4e8a-9c1f-2d3e4f5a6b7c',
  attachments: [AttachmentExample],
  sender: UserPushDataExample,
}

export const AgentBotPushDataExample = {
  id: 11,
  name: 'Triage bot',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  type: 'agent_bot',
}

export const MessageExample = {
  id: 1057,
  content: 'Hello, how can I help you?',
  inbox_id: 3,
  echo_id: 'a3f1c9e2-7b4d-4e8a-9c1f-2d3e4f5a6b7c',
  conversation_id: 42,
  message_type: 1,
  content_type: 'text',
  status: 'sent',
  content_attributes: {},
  created_at: 1763892900,
  private: false,
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  sender: UserPushDataExample,
  attachments: [AttachmentExample],
}

export const MessageStatusInputExample = {
  status: 'sent',
  external_error: 'Recipient unreachable',
}

export const MessageInputExample = {
  content: 'Hello, how can I help you?',
  message_type: 'incoming',
  private: false,
  content_type: 'text',
  content_attributes: {},
  echo_id: 'a3f1c9e2-7b4d-4e8a-9c1f-2d3e4f5a6b7c',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  template_params: {},
}

export const MessageFormExample = {
  content: 'Hello, how can I help you?',
  message_type: 'outgoing',
  private: 'false',
  content_type: 'text',
  content_attributes: '{}',
  echo_id: 'a3f1c9e2-7b4d-4e8a-9c1f-2d3e4f5a6b7c',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  'attachments[]': ['(binary)'],
}
