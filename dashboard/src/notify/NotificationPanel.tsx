import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { unwrap } from '../api/client'
import type { components } from '../api/schema'
import { useAccount } from '../app/context'
import { conversationPath } from '../app/router'
import { relativeTime } from '../inbox/relative-time'
import type { NotificationCounter } from './notifications'
import { pushSubscribed, pushSupported, subscribePush, unsubscribePush } from './push-subscription'

type Notification = components['schemas']['Notification']

export interface NotificationPanelProps {
  counter: NotificationCounter
  onClose(): void
}

/**
 * The agent's notifications, newest first: opening one marks it read and goes to its
 * conversation; "Mark all read" clears the badge; a switch turns Web Push on for this browser.
 */
export default function NotificationPanel({ counter, onClose }: NotificationPanelProps) {
  const { api, accountId, strings, navigate } = useAccount()
  const t = strings.notify
  const items = useSignal<Notification[] | null>(null)
  const failed = useSignal(false)
  const push = useSignal<'unknown' | 'on' | 'off' | 'unavailable'>('unknown')
  const pushFailed = useSignal(false)
  const path = { account_id: accountId }

  async function load() {
    try {
      const list = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/notifications', { params: { path } }),
      )
      items.value = list.data.payload
      counter.unread.value = list.data.meta.unread_count
      failed.value = false
    } catch {
      failed.value = true
    }
  }

  useEffect(() => {
    void load()
  }, [counter.changes.value])

  useEffect(() => {
    if (!pushSupported()) {
      push.value = 'unavailable'
      return
    }
    pushSubscribed().then(
      (on) => {
        push.value = on ? 'on' : 'off'
      },
      () => {
        push.value = 'unavailable'
      },
    )
  }, [])

  async function open(notification: Notification) {
    if (notification.read_at === null) {
      await api
        .PATCH('/api/v1/accounts/{account_id}/notifications/{id}', {
          params: { path: { ...path, id: notification.id } },
        })
        .catch(() => {})
      void counter.refresh()
    }
    onClose()
    navigate(conversationPath(accountId, notification.primary_actor.id))
  }

  async function readAll() {
    await api
      .POST('/api/v1/accounts/{account_id}/notifications/read_all', { params: { path }, body: {} })
      .catch(() => {})
    await load()
  }

  async function togglePush(on: boolean) {
    pushFailed.value = false
    try {
      if (on) push.value = (await subscribePush(api)) ? 'on' : 'off'
      else {
        await unsubscribePush()
        push.value = 'off'
      }
    } catch {
      pushFailed.value = true
      push.value = 'off'
    }
  }

  const now = Date.now()
  return (
    <section class="notify-list" aria-labelledby="notify-title">
      <header class="notify-head">
        <h2 id="notify-title">{t.panelTitle}</h2>
        <button type="button" class="notify-read-all" onClick={() => void readAll()}>
          {t.markAllRead}
        </button>
      </header>
      {failed.value && <p role="alert">{t.loadFailed}</p>}
      {items.value?.length === 0 && <p class="note">{t.empty}</p>}
      <ul>
        {items.value?.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              class={n.read_at === null ? 'notify-item unread' : 'notify-item'}
              onClick={() => void open(n)}
            >
              {n.read_at === null && <span class="visually-hidden">{t.unread}: </span>}
              <span class="notify-title">{n.push_message_title}</span>
              <span class="note">{relativeTime(n.created_at, now, strings.shell)}</span>
            </button>
          </li>
        ))}
      </ul>
      {push.value === 'unavailable' ? (
        <p class="note">{t.pushUnavailable}</p>
      ) : (
        <label class="check">
          <input
            type="checkbox"
            checked={push.value === 'on'}
            disabled={push.value === 'unknown'}
            onChange={(e) => void togglePush(e.currentTarget.checked)}
          />
          {t.push}
        </label>
      )}
      {pushFailed.value && <p role="alert">{t.pushFailed}</p>}
    </section>
  )
}
