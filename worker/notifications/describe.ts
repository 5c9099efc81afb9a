import { mentionsAsNames } from '../lib/mentions'
import type { NotificationType } from './plan'

/** The longest body a push or mail carries: a notification, not the whole message. */
export const BODY_LIMIT = 200

/** The message's text as a notification shows it: mentions as names, one line, bounded. */
export function notificationBody(content: string | null | undefined) {
  const text = mentionsAsNames(content ?? '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT - 1).trimEnd()}…` : text
}

/**
 * A short title saying what happened and where, as Chatwoot's push notifications do ("Ana
 * mentioned you in #12"); the message itself goes in the body. Web Push and mail say the same.
 */
export function notificationTitle(type: NotificationType, displayId: number, actorName?: string) {
  switch (type) {
    case 'conversation_mention':
      return `${actorName || 'A colleague'} mentioned you in #${displayId}`
    case 'conversation_assignment':
      return `Conversation #${displayId} was assigned to you`
    case 'conversation_creation':
      return `New conversation #${displayId}`
    default:
      return `New message in #${displayId}`
  }
}

/** The conversation in the dashboard, as a path of its origin (the service worker's scope). */
export const conversationAppPath = (accountId: number, displayId: number) =>
  `/app/accounts/${accountId}/conversations/${displayId}`
