/** Examples of the public-messages schemas, in Chatwoot's shapes, for /openapi.json. */

export const PublicMessageExample = {
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
}
