import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { csatAnswerWrite } from '../../automation/csat-answer'
import { conversationEventIds } from '../../conversations/changes'
import { createMessage } from '../../conversations/messages'
import {
  findMessage,
  loadMessageViews,
  MESSAGE_TYPE,
  updateMessageStatement,
} from '../../db/queries/messages'
import { listVisitorMessages } from '../../db/queries/public'
import type { AppEnv } from '../../env'
import {
  apiError,
  errorResponses,
  fieldError,
  issuesToFieldErrors,
  validationError,
} from '../../errors'
import { MAX_ATTACHMENTS_PER_MESSAGE } from '../../lib/files'
import { nowSeconds } from '../../lib/time'
import { unwrapBody } from '../../middleware/body'
import { limitVisitor, visitorConversation } from '../../middleware/visitor'
import { EmailSchema, jsonBody, jsonResponse, noCredentials } from '../../schemas/common'
import {
  ConversationParamsSchema,
  MessagePageQuerySchema,
  MessageParamsSchema,
  PublicMessageFormSchema,
  PublicMessageInputSchema,
  type SubmittedValues,
  SubmittedValuesInputSchema,
} from '../../schemas/public'
import { PublicMessageSchema, toPublicMessage } from '../../schemas/public-messages'
import { createRouter } from '../router'
import { commitWithEvents, publishAfterResponse } from '../write-adapter'
import { conversationForVisitorMessage } from './after-resolved'
import { emailAnswerWrite } from './email-answer'
import { capability, conversationPath, publicTags } from './shared'

const messagesPath = `${conversationPath}/messages`

const listMessages = createRoute({
  security: noCredentials,
  operationId: 'listPublicMessages',
  method: 'get',
  path: messagesPath,
  tags: publicTags.messages,
  summary: "A page of the conversation's messages",
  description:
    `${capability} The newest 20, or the 20 before \`before\`, oldest first; never private ` +
    'notes or activity lines.',
  request: { params: ConversationParamsSchema, query: MessagePageQuerySchema },
  responses: {
    200: jsonResponse(PublicMessageSchema.array(), 'Messages'),
    ...errorResponses('forbidden', 'not_found', 'validation_failed'),
  },
})

const createMessageRoute = createRoute({
  security: noCredentials,
  operationId: 'createPublicMessage',
  method: 'post',
  path: messagesPath,
  tags: publicTags.messages,
  summary: 'Send a message as the visitor',
  description:
    `${capability} JSON, or multipart/form-data with \`attachments[]\`. A retry with the same ` +
    '`echo_id` returns the message already made, never a second one. A resolved or snoozed ' +
    'conversation reopens. Rate limited per visitor (429 with Retry-After).',
  middleware: [unwrapBody('message')],
  request: {
    params: ConversationParamsSchema,
    body: {
      required: false,
      content: {
        'application/json': { schema: PublicMessageInputSchema },
        'multipart/form-data': { schema: PublicMessageFormSchema },
      },
    },
  },
  responses: {
    200: jsonResponse(PublicMessageSchema, 'The message'),
    ...errorResponses(
      'forbidden',
      'not_found',
      'validation_failed',
      'payload_too_large',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const answerMessage = createRoute({
  security: noCredentials,
  operationId: 'updatePublicMessage',
  method: 'patch',
  path: `${messagesPath}/{message_id}`,
  tags: publicTags.messages,
  summary: 'Answer an interactive message (options, form, email, CSAT)',
  description:
    `${capability} Stores \`submitted_values\` in the message's content_attributes. Only ` +
    'outgoing or template input_select, form, input_email and input_csat messages take ' +
    'answers; a CSAT survey older than 14 days is 422.',
  middleware: [unwrapBody('message')],
  request: { params: MessageParamsSchema, body: jsonBody(SubmittedValuesInputSchema) },
  responses: {
    200: jsonResponse(PublicMessageSchema, 'The message'),
    ...errorResponses(
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

type Json = z.infer<typeof PublicMessageInputSchema>
type Form = z.infer<typeof PublicMessageFormSchema>

/** The visitor's content, echo_id and files, from JSON or a multipart form. */
function readMessage(c: Context<AppEnv>, json: Json, form: Form) {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  // A url-encoded form arrives here as JSON already (readBody reads it as Rails does).
  const multipart = mediaType === 'multipart/form-data'
  let input = { content: json?.content ?? null, echoId: json?.echo_id ?? null }
  let files: File[] = []
  if (multipart) {
    const raw = form['attachments[]'] ?? form.attachments ?? []
    const list: unknown[] = Array.isArray(raw) ? raw : [raw]
    if (list.some((f) => !(f instanceof File))) {
      throw validationError([fieldError('attachments[]', 'must be files', 'invalid_type')])
    }
    files = list as File[]
    const parsed = PublicMessageInputSchema.safeParse({
      content: typeof form.content === 'string' ? form.content : undefined,
      echo_id: form.echo_id || undefined,
    })
    if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.error.issues))
    input = { content: parsed.data.content ?? null, echoId: parsed.data.echo_id ?? null }
  }
  if (files.length > MAX_ATTACHMENTS_PER_MESSAGE) {
    throw validationError([
      fieldError('attachments[]', `at most ${MAX_ATTACHMENTS_PER_MESSAGE} files`, 'too_many'),
    ])
  }
  if ((!input.content || input.content.trim() === '') && files.length === 0) {
    throw validationError([fieldError('content', "can't be blank", 'required')])
  }
  return { ...input, files }
}

async function publicMessageJson(c: Context<AppEnv>, accountId: number, id: number) {
  const [view] = await loadMessageViews(c.var.db, accountId, [id])
  if (!view) throw apiError('not_found', 'Message not found')
  return toPublicMessage(view, c.req.url)
}

const ANSWERABLE = new Set(['input_select', 'form', 'input_email', 'input_csat'])

function checkAnswer(contentType: string, values: SubmittedValues) {
  if (contentType === 'input_csat') {
    if (!values[0]?.csat_survey_response) {
      throw validationError([
        fieldError('submitted_values.0.csat_survey_response', 'is required', 'required'),
      ])
    }
  }
  if (contentType === 'input_email' && !EmailSchema.safeParse(values[0]?.value).success) {
    throw validationError([fieldError('submitted_values.0.value', 'must be an email address')])
  }
}

export const publicMessageRoutes = createRouter()
  .openapi(listMessages, async (c) => {
    const { conversation } = await visitorConversation(c, c.req.valid('param'))
    const views = await listVisitorMessages(c.var.db, conversation.id, c.req.valid('query').before)
    return c.json(
      views.map((v) => toPublicMessage(v, c.req.url)),
      200,
    )
  })
  .openapi(createMessageRoute, async (c) => {
    const params = c.req.valid('param')
    await limitVisitor(c, params.source_id)
    const visitor = await visitorConversation(c, params)
    const { contactInbox } = visitor
    // Both declared media types widen each target's type; only the matching one was validated.
    const { content, echoId, files } = readMessage(
      c,
      c.req.valid('json') as Json,
      c.req.valid('form') as Form,
    )
    const message = {
      messageType: MESSAGE_TYPE.incoming,
      contentType: 'text',
      content,
      echoId,
      sender: { senderType: 'Contact' as const, senderId: contactInbox.contactId },
      files,
    }
    const now = nowSeconds()
    const conversation = await conversationForVisitorMessage(c, visitor, now)
    const { view, eventIds } = await createMessage(c.var.db, c.env, conversation, message, now)
    publishAfterResponse(c, conversation.accountId, eventIds)
    return c.json(toPublicMessage(view, c.req.url), 200)
  })
  .openapi(answerMessage, async (c) => {
    const params = c.req.valid('param')
    await limitVisitor(c, params.source_id)
    const visitor = await visitorConversation(c, params)
    const { conversation } = visitor
    const db = c.var.db
    const message = await findMessage(db, conversation.id, params.message_id)
    const visible = message && !message.private && message.messageType !== MESSAGE_TYPE.activity
    if (!message || !visible) throw apiError('not_found', 'Message not found')
    const fromUs =
      message.messageType === MESSAGE_TYPE.outgoing || message.messageType === MESSAGE_TYPE.template
    if (!fromUs || !ANSWERABLE.has(message.contentType)) {
      throw apiError('validation_failed', 'This message does not take answers')
    }
    const values = c.req.valid('json').submitted_values
    checkAnswer(message.contentType, values)
    const rating = values[0]?.csat_survey_response
    if (message.contentType === 'input_csat' && rating) {
      const write = csatAnswerWrite(db, conversation, message, values, rating, nowSeconds())
      await commitWithEvents(c, write.statements, write.events)
    } else {
      const contentAttributes = { ...message.contentAttributes, submitted_values: values }
      const contact =
        message.contentType === 'input_email'
          ? await emailAnswerWrite(c, visitor, String(values[0]?.value))
          : { statements: [], events: [] }
      await commitWithEvents(
        c,
        [updateMessageStatement(db, message.id, { contentAttributes }), ...contact.statements],
        [
          { kind: 'message_updated', ...conversationEventIds(conversation), messageId: message.id },
          ...contact.events,
        ],
      )
    }
    return c.json(await publicMessageJson(c, conversation.accountId, message.id), 200)
  })
