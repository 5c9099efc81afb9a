import { buildPushPayload } from '@block65/webcrypto-web-push'
import { createDb } from '../db/client'
import { deleteSubscription, listUserSubscriptions } from '../db/queries/notification-subscriptions'

/** What the dashboard's service worker shows (the PHONE/NOTIFY contract). */
export type PushPayload = { title: string; body: string; url: string; tag?: string }
export type PushQueueMessage = { type: 'push'; userId: number; payload: PushPayload }

export function parsePushMessage(body: unknown): PushQueueMessage | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  const p = b.payload as Record<string, unknown> | undefined
  if (b.type !== 'push' || !Number.isSafeInteger(b.userId) || typeof p?.title !== 'string') {
    return null
  }
  return b as PushQueueMessage
}

/** Web Push is on when the VAPID key pair is configured (wrangler.toml / secrets). */
export function vapidOf(env: Env) {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null
  return {
    subject: env.VAPID_SUBJECT || 'mailto:support@parley.invalid',
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
  }
}

/**
 * Sends one notification to every browser the user subscribed, encrypted per RFC 8291 and signed
 * per RFC 8292 (VAPID). The subscriptions are global (the directory). A push service that says
 * the subscription is gone (404, 410) has it deleted; one that fails otherwise makes the queue
 * retry the message (a browser that already got it may get it again: the tag collapses repeats).
 */
export async function sendPush(env: Env, message: PushQueueMessage) {
  const vapid = vapidOf(env)
  if (!vapid) return
  const db = createDb(env.DIRECTORY)
  const subscriptions = await listUserSubscriptions(db, message.userId)
  let failed: string | null = null
  for (const subscription of subscriptions) {
    const { endpoint, p256dh, auth } = subscription.subscriptionAttributes
    if (!endpoint || !p256dh || !auth) continue
    const request = await buildPushPayload(
      { data: message.payload, options: { ttl: 24 * 60 * 60, urgency: 'high' } },
      { endpoint, expirationTime: null, keys: { p256dh, auth } },
      vapid,
    )
    const res = await fetch(endpoint, request)
    await res.body?.cancel()
    if (res.status === 404 || res.status === 410) await deleteSubscription(db, subscription.id)
    else if (!res.ok) failed = `push service answered ${res.status}`
  }
  if (failed) throw new Error(failed)
}
