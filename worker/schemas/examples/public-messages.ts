/** Examples of the public-messages schemas, in Chatwoot's shapes, for /openapi.json. */

export const PublicMessageExample = {
  id: 1057,
  content: 'Hello, how can I help you?',
  message_type: 1,
  content_type: 'text',
  content_attributes: {},
  created_at: 1763892900,
  conversation_id: 42,
  status: 'sent',
  echo_id: 'a3f1c9e2-7b4d-4e8a-9c1f-2d3e4f5a6b7c',
  attachments: [
    {
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
