/**
 * Shapes of the public client API as the widget reads them, taken from the types generated from
 * /openapi.json (`npm run generate:client`): a field's type is the server's. The widget also talks
 * to Chatwoot servers and replays frames from older builds, so only the fields it cannot do without
 * are required; the rest are optional (`Tolerant`).
 */
import type { components } from '../../../protocol/generated/openapi'

type Schemas = components['schemas']

/** `T` with only the keys `Required` required. */
type Tolerant<T, Required extends keyof T> = Pick<T, Required> & Partial<Omit<T, Required>>

type PreChatOptions = NonNullable<Schemas['PublicInbox']['pre_chat_form_options']>

export type PreChatField = NonNullable<PreChatOptions['pre_chat_fields']>[number]

export type InboxConfig = Tolerant<Schemas['PublicInbox'], 'identifier' | 'name'> & {
  /** Not in Chatwoot's shape; honoured when a server sends it. */
  position?: 'left' | 'right'
}

export type ContactSession = Tolerant<
  Schemas['PublicContactSession'],
  'source_id' | 'pubsub_token' | 'id'
>

export type ContactInput = Omit<Schemas['PublicContactCreate'], 'source_id'>

export type ConversationStatus = Schemas['PublicConversation']['status']

export type Attachment = Tolerant<Schemas['Attachment'], 'id' | 'file_type' | 'data_url'> & {
  /** Chatwoot sends it; Parley's name is in data_url. */
  file_name?: string
}

type Sender = Schemas['UserPushData'] | Schemas['ContactPushData'] | Schemas['AgentBotPushData']

/** Who wrote a message: an agent, the visitor or a bot (the fields the server's shapes share). */
export type MessageSender = Pick<Sender, 'id' | 'name' | 'type'> &
  Partial<Pick<Schemas['UserPushData'], 'available_name' | 'avatar_url' | 'thumbnail'>>

export type ContentType =
  | 'text'
  | 'input_select'
  | 'cards'
  | 'form'
  | 'input_email'
  | 'input_csat'
  | string

/** Chatwoot's message_type values: the visitor's, an agent's, an activity line, an automated one. */
export const MESSAGE_TYPE = { incoming: 0, outgoing: 1, activity: 2, template: 3 } as const

export type Message = Tolerant<
  Omit<Schemas['PublicMessage'], 'content_type' | 'echo_id' | 'attachments' | 'sender'>,
  'id' | 'content' | 'message_type' | 'created_at' | 'conversation_id'
> & {
  content_type: ContentType
  /** Chatwoot sends null where Parley leaves it out. */
  echo_id?: string | null
  attachments?: Attachment[]
  sender?: MessageSender | null
}

export type Conversation = Tolerant<
  Omit<Schemas['PublicConversation'], 'messages' | 'contact'>,
  'id' | 'status'
> & {
  messages?: Message[]
  contact?: Record<string, unknown>
}

/** One answer to an interactive message (a form field, an option, an email, a CSAT rating). */
export type SubmittedValue = Schemas['SubmittedValuesInput']['submitted_values'][number]

/** The error envelope; every field optional, as a proxy or an older server may send less. */
export type ApiErrorBody = Partial<Omit<Schemas['Error'], 'error'>> & { error?: string }
