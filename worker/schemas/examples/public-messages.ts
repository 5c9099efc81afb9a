/** Examples of the public-messages schemas, in Chatwoot's shapes, for /openapi.json. */
import { UserPushDataExample } from './agents'
import { AttachmentExample } from './messages'

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
  attachments: [AttachmentExample],
  sender: UserPushDataExample,
}
