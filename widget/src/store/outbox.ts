import { backoffDelay } from '../../../protocol/client/backoff'
import { ApiError } from '../client/api'
import { errorMessage, type WidgetContext } from './context'
import { ensureConversation, followConversation, startNewConversation } from './conversation'
import { visitorTyping } from './live'
import { localMessage, setDelivery, upsertMessages } from './messages'
import { ensureContact, persist } from './session'
import type { OutboxItem } from './state'

const RETRY = { base: 2000, max: 30000 }

/**
 * Shows the message at once and queues it. Its echo_id stays the same through every retry, so
 * the server stores it once however often it is sent.
 */
export function sendMessage(ctx: WidgetContext, text: string, files: File[] = []): void {
  const { state, env } = ctx
  const content = text.trim()
  if (!content && !files.length) return
  const item: OutboxItem = { echoId: env.uuid(), content, createdAt: env.now() }
  if (files.length) item.files = files
  state.outbox.value = [...state.outbox.value, item]
  const local = localMessage(item, state.conversation.value?.id ?? 0)
  state.messages.value = upsertMessages(state.messages.value, [local]).list
  visitorTyping(ctx, false)
  persist(ctx)
  void flushOutbox(ctx)
}

/** Puts a message the server refused back in the queue, with its original echo_id. */
export function retryMessage(ctx: WidgetContext, echoId: string): void {
  const { state } = ctx
  const message = state.messages.value.find((m) => m.id === undefined && m.echo_id === echoId)
  if (message?.delivery !== 'failed') return
  ctx.rt.settled.delete(echoId)
  const item: OutboxItem = {
    echoId,
    content: message.content ?? '',
    createdAt: message.created_at * 1000,
  }
  if (message.files?.length) item.files = message.files
  state.outbox.value = [...state.outbox.value, item]
  state.messages.value = setDelivery(state.messages.value, new Set([echoId]), 'queued')
  persist(ctx)
  void flushOutbox(ctx)
}

function settle(ctx: WidgetContext, echoId: string): void {
  ctx.rt.settled.add(echoId)
  ctx.state.outbox.value = ctx.state.outbox.value.filter((item) => item.echoId !== echoId)
}

function scheduleRetry(ctx: WidgetContext, error: ApiError): void {
  const { rt } = ctx
  clearTimeout(rt.retryTimer)
  const delay = error.retryAfter ? error.retryAfter * 1000 : backoffDelay(rt.retryAttempt++, RETRY)
  rt.retryTimer = setTimeout(() => void flushOutbox(ctx), delay)
}

/**
 * Sends queued messages in order. A network failure, 408, 429 or 5xx keeps them queued for a
 * retry (after Retry-After, or with jittered backoff, or as soon as the browser is back online);
 * any other refusal marks that message failed, with a Retry button, and moves on.
 */
export async function flushOutbox(ctx: WidgetContext): Promise<void> {
  const { state, api, rt, env } = ctx
  if (rt.flushing) {
    rt.flushAgain = true
    return
  }
  rt.flushing = true
  const generation = rt.generation
  let lostConversation = false
  try {
    do {
      rt.flushAgain = false
      while (state.outbox.value.length && generation === rt.generation) {
        const item = state.outbox.value[0] as OutboxItem
        const waiting = new Set(state.outbox.value.map((i) => i.echoId))
        if (!env.online()) {
          state.messages.value = setDelivery(state.messages.value, waiting, 'queued')
          return
        }
        state.messages.value = setDelivery(state.messages.value, new Set([item.echoId]), 'sending')
        try {
          const session = await ensureContact(ctx)
          const conversation = await ensureConversation(ctx)
          const message = await api.sendMessage(session.sourceId, conversation.id, {
            content: item.content,
            echoId: item.echoId,
            files: item.files,
          })
          if (generation !== rt.generation) return
          rt.retryAttempt = 0
          settle(ctx, item.echoId)
          state.messages.value = upsertMessages(state.messages.value, [message]).list
          if (message.conversation_id !== conversation.id) {
            followConversation(ctx, message.conversation_id)
          }
        } catch (error) {
          if (generation !== rt.generation) return
          if (error instanceof ApiError && error.status === 404 && !lostConversation) {
            // The stored conversation is gone: start a new one and send there.
            lostConversation = true
            startNewConversation(ctx)
            continue
          }
          if (!(error instanceof ApiError) || error.retryable) {
            state.messages.value = setDelivery(state.messages.value, waiting, 'queued')
            scheduleRetry(ctx, error instanceof ApiError ? error : new ApiError(0, 'network', ''))
            return
          }
          settle(ctx, item.echoId)
          const failed = new Set([item.echoId])
          state.messages.value = setDelivery(state.messages.value, failed, 'failed', error.message)
          ctx.emit('error', { message: errorMessage(error), echo_id: item.echoId })
        }
        persist(ctx)
      }
    } while (rt.flushAgain && generation === rt.generation)
  } finally {
    rt.flushing = false
    persist(ctx)
  }
}
