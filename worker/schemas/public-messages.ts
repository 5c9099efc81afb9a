import { z } from '@hono/zod-openapi'
import { MESSAGE_TYPE, type MessageView } from '../db/queries/messages'
import * as examples from './examples/public-messages'
import { AttachmentSchema, SenderSchema, toAttachment, toSenderPushData } from './messages'

/**
 * A message as a visitor sees it (Chatwoot's public `_message.json.jbuilder`): no private notes or
 * activity lines ever reach this shape, and senders carry no email for agents.
 */
export const PublicMessageSchema = z
  .object({
    id: z.number().int(),
    content: z.string().nullable(),
    message_type: z.number().int(),
    content_type: z.string(),
    content_attributes: z.record(z.string(), z.unknown()),
    created_at: z.number().int(),
    conversation_id: z.number().int(),
    status: z.string(),
    echo_id: z.string().optional(),
    attachments: z.array(AttachmentSchema).optional(),
    sender: SenderSchema.optional(),
  })
  .openapi('PublicMessage', { example: examples.PublicMessageExample })
export type PublicMessage = z.infer<typeof PublicMessageSchema>

export function toPublicMessage(view: MessageView, requestUrl: string): PublicMessage {
  const m = view.message
  return {
    id: m.id,
    content: m.content,
    message_type: m.messageType,
    content_type: m.contentType,
    content_attributes: m.contentAttributes,
    created_at: m.createdAt,
    conversation_id: view.displayId,
    status: m.status,
    ...(m.echoId ? { echo_id: m.echoId } : {}),
    ...(view.attachments.length > 0
      ? { attachments: view.attachments.map((a) => toAttachment(a, requestUrl)) }
      : {}),
    ...(view.sender ? { sender: toSenderPushData(view.sender, requestUrl) } : {}),
  }
}

/** Whether the visitor may see this message at all. */
export const visibleToVisitor = (view: Pick<MessageView, 'message'>) =>
  !view.message.private && view.message.messageType !== MESSAGE_TYPE.activity
