import { IdSchema } from '../../schemas/common'
import { ConversationParamsSchema, one } from '../conversations/shared'

export const tags = ['Messages']
export const messagesPath = `${one}/messages`

export const MessageParamsSchema = ConversationParamsSchema.extend({
  message_id: IdSchema.openapi({ param: { name: 'message_id', in: 'path' }, example: 1 }),
})
