import { type ApiClient, unwrap } from '../api/client'

const b64url = (buffer: ArrayBuffer | null) =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : ''

const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

/** Whether this browser can take Web Push at all (a service worker and the Push API). */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in globalThis && 'Notification' in globalThis

/** Whether this browser is subscribed already (through the dashboard's service worker). */
export async function pushSubscribed(): Promise<boolean> {
  if (!pushSupported()) return false
  const registration = await navigator.serviceWorker.ready
  return (await registration.pushManager.getSubscription()) !== null
}

/**
 * Subscribes this browser through the service worker PHONE serves at /app/sw.js (never one of
 * our own) with the server's VAPID key, and registers it as Chatwoot's browser_push
 * subscription. False when the server has no key or the agent refused the permission.
 */
export async function subscribePush(api: ApiClient): Promise<boolean> {
  const { vapid_public_key: key } = await unwrap(
    api.GET('/api/v1/notification_subscriptions/vapid_public_key', {}),
  )
  if (!key || (await Notification.requestPermission()) !== 'granted') return false
  const registration = await navigator.serviceWorker.ready
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: fromB64url(key),
  })
  await unwrap(
    api.POST('/api/v1/notification_subscriptions', {
      body: {
        subscription_type: 'browser_push',
        subscription_attributes: {
          endpoint: subscription.endpoint,
          p256dh: b64url(subscription.getKey('p256dh')),
          auth: b64url(subscription.getKey('auth')),
        },
      },
    }),
  )
  return true
}

/** Stops pushes to this browser (the server forgets it when its push service answers 410). */
export async function unsubscribePush() {
  const registration = await navigator.serviceWorker.ready
  await (await registration.pushManager.getSubscription())?.unsubscribe()
}
