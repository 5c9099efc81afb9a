/** Shapes of the public client API (reference §4), as the widget reads them. */

export interface PreChatField {
  name: string
  label: string
  type: string
  required: boolean
  enabled: boolean
  placeholder?: string
}

export interface InboxConfig {
  identifier: string
  name: string
  timezone?: string
  working_hours?: unknown[]
  working_hours_enabled?: boolean
  identity_validation_enabled?: boolean
  widget_color?: string
  welcome_title?: string
  welcome_tagline?: string
  reply_time?: string
  pre_chat_form_enabled?: boolean
  pre_chat_form_options?: { pre_chat_message?: string; pre_chat_fields?: PreChatField[] }
  locale?: string
  /** Not in Chatwoot's shape; honoured when a server sends it. */
  position?: 'left' | 'right'
}

export interface ContactSession {
  source_id: string
  pubsub_token: string
  id: number
  name?: string | null
  email?: string | null
  phone_number?: string | null
}

export interface ContactInput {
  name?: string
  email?: string
  phone_number?: string
  avatar_url?: string
  identifier?: string
  identifier_hash?: string
  custom_attributes?: Record<string, unknown>
}

export type ConversationStatus = 'open' | 'resolved' | 'pending' | 'snoozed'

export interface Attachment {
  id: number
  file_type: 'image' | 'audio' | 'video' | 'file' | string
  data_url: string
  thumb_url?: string | null
  file_size?: number
  extension?: string | null
  file_name?: string
}

export interface MessageSender {
  id: number
  name: string
  available_name?: string
  avatar_url?: string | null
  type: 'user' | 'contact' | 'agent_bot' | string
}

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

export interface Message {
  id: number
  content: string | null
  message_type: number
  content_type: ContentType
  content_attributes?: Record<string, unknown> | null
  created_at: number
  conversation_id: number
  echo_id?: string | null
  status?: string
  attachments?: Attachment[]
  sender?: MessageSender | null
}

export interface Conversation {
  id: number
  uuid?: string
  inbox_id?: number
  status: ConversationStatus
  contact_last_seen_at?: number | null
  agent_last_seen_at?: number | null
  messages?: Message[]
  contact?: Record<string, unknown>
}

export interface SubmittedValue {
  name?: string
  title?: string
  value: unknown
}

export interface ApiErrorBody {
  error?: string
  message?: string
  description?: string
  errors?: { field: string; message: string; code: string }[]
}
