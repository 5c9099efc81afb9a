import { ApiError, unwrap } from '../api/client'
import type { EmailRecipients } from './email/recipients'
import { type ChatMessage, MESSAGE_TYPE, setDelivery } from './messages'
import type { ConversationStore } from './store'

function newEchoId(store: ConversationStore): string {
  return store.state.deps.uuid?.() ?? crypto.randomUUID()
}

/** The request body: JSON, or multipart with `attachments[]` when files go with it. */
function requestBody(message: ChatMessage) {
  const fields = {
    content: message.content ?? '',
    private: message.private,
    echo_id: message.echo_id as string,
    message_type: 'outgoing' as const,
    ...message.recipients,
  }
  if (!message.files?.length) return fields
  const form = new FormData()
  form.set('content', fields.content)
  form.set('private', String(fields.private))
  form.set('echo_id', fields.echo_id)
  form.set('message_type', fields.message_type)
  if (fields.cc_emails) form.set('cc_emails', fields.cc_emails)
  if (fields.bcc_emails) form.set('bcc_emails', fields.bcc_emails)
  for (const file of message.files) form.append('attachments[]', file, file.name)
  return form
}

async function deliver(store: ConversationStore, message: ChatMessage): Promise<void> {
  const { state } = store
  const { api, accountId, displayId } = state.deps
  const echoId = message.echo_id as string
  try {
    const saved = await unwrap(
      api.POST('/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages', {
        params: { path: { account_id: accountId, conversation_id: displayId } },
        // openapi-fetch passes FormData through untouched (the browser sets the boundary).
        body: requestBody(message) as never,
      }),
    )
    // The same echo_id lands on the pending entry: confirmed in place, never a second copy.
    store.merge([saved as ChatMessage])
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : String(error)
    state.messages.value = setDelivery(state.messages.value, echoId, 'failed', reason)
  }
}

/**
 * Shows the message at once, marked pending, and sends it. Its echo_id stays the same through
 * every retry, so the server stores it once however often it is sent.
 */
export function sendMessage(
  store: ConversationStore,
  content: string,
  isPrivate: boolean,
  files: File[] = [],
  recipients: EmailRecipients = {},
): Promise<void> {
  const { state } = store
  const text = content.trim()
  if (!text && !files.length) return Promise.resolve()
  const me = state.deps.me
  const now = state.deps.now?.() ?? Date.now()
  const message: ChatMessage = {
    content: text,
    inbox_id: state.conversation.value?.inbox_id ?? 0,
    echo_id: newEchoId(store),
    conversation_id: state.deps.displayId,
    message_type: MESSAGE_TYPE.outgoing,
    content_type: 'text',
    status: 'sent',
    content_attributes: {},
    created_at: Math.floor(now / 1000),
    private: isPrivate,
    source_id: null,
    sender: {
      id: me.id,
      name: me.name,
      available_name: me.name,
      avatar_url: '',
      type: 'user',
      availability_status: 'online',
      thumbnail: '',
    },
    delivery: 'pending',
    ...(files.length ? { files } : {}),
    ...(Object.keys(recipients).length ? { recipients } : {}),
  }
  store.merge([message])
  return deliver(store, message)
}

/** Sends a failed message again with its original echo_id: exactly-once on the server. */
export function retryMessage(store: ConversationStore, echoId: string): Promise<void> {
  const { state } = store
  const message = state.messages.value.find((m) => m.id === undefined && m.echo_id === echoId)
  if (message?.delivery !== 'failed') return Promise.resolve()
  state.messages.value = setDelivery(state.messages.value, echoId, 'pending')
  return deliver(store, message)
}
