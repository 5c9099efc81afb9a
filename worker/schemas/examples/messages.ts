/** Examples of the messages schemas, in Chatwoot's shapes, for /openapi.json. */

export const MessagePushDataExample = {
  id: 1,
  content: 'Hello, how can I help you?',
  account_id: 1,
  inbox_id: 1,
  conversation_id: 1,
  message_type: 1,
  created_at: 1763892900,
  updated_at: 1763892900,
  private: false,
  status: 'open',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  content_type: 'text',
  content_attributes: {},
  sender_type: 'sender type',
  sender_id: 1,
  external_source_ids: {},
  additional_attributes: {},
  processed_message_content: 'processed message content',
  sentiment: {},
  conversation: {
    assignee_id: 1,
    unread_count: 1,
    last_activity_at: 1763892900,
    contact_inbox: {
      source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
    },
  },
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
}

export const AttachmentExample = {
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
}

export const AgentBotPushDataExample = {
  id: 1,
  name: 'Jane Doe',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  type: 'agent_bot',
}

export const MessageExample = {
  id: 1,
  content: 'Hello, how can I help you?',
  inbox_id: 1,
  echo_id: 'echo id',
  conversation_id: 1,
  message_type: 1,
  content_type: 'text',
  status: 'open',
  content_attributes: {},
  created_at: 1763892900,
  private: false,
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  sender: {
    id: 1,
    name: 'Jane Doe',
    available_name: 'Jane Doe',
    avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
    type: 'user',
    availability_status: 'online',
    thumbnail: '',
  },
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
}

export const MessageStatusInputExample = {
  status: 'sent',
  external_error: 'external error',
}

export const MessageInputExample = {
  content: 'Hello, how can I help you?',
  message_type: 'incoming',
  private: false,
  content_type: 'text',
  content_attributes: {},
  echo_id: 'x',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  template_params: {},
}

export const MessageFormExample = {
  content: 'Hello, how can I help you?',
  message_type: 'incoming',
  private: 'private',
  content_type: 'text',
  content_attributes: 'content attributes',
  echo_id: 'echo id',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  'attachments[]': ['attachments[]'],
}
