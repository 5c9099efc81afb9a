import { useSignal } from '@preact/signals'
import { useEffect, useMemo, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { LazyView } from '../app/LazyView'
import { format } from '../i18n'
import type { NotificationPanelProps } from './NotificationPanel'
import { createNotificationCounter } from './notifications'
import '../styles/notify.css'

const loadPanel = () => import('./NotificationPanel')

/**
 * The header's bell: the unread count as a badge, kept live by the feed; the list opens in a
 * panel loaded on first use (the inbox's first load carries only the bell).
 */
export function NotificationBell() {
  const { api, accountId, feed, strings } = useAccount()
  const t = strings.notify
  const counter = useMemo(() => createNotificationCounter(api, accountId, feed), [accountId])
  const open = useSignal(false)
  const box = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => counter.start(), [counter])
  useEffect(() => {
    if (!open.value) return
    const outside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) open.value = false
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open.value])

  const unread = counter.unread.value
  const close = () => {
    open.value = false
    button.current?.focus()
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it
    <div
      class="notify"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open.value) close()
      }}
    >
      <button
        ref={button}
        type="button"
        class="notify-bell"
        aria-expanded={open.value}
        aria-controls="notify-panel"
        aria-label={unread > 0 ? format(t.bellUnread, { count: unread }) : t.bell}
        onClick={() => {
          open.value = !open.value
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {unread > 0 && (
          <span class="notify-badge" aria-hidden="true" data-testid="notify-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open.value && (
        <div id="notify-panel" class="notify-panel">
          <LazyView<NotificationPanelProps>
            viewKey="notifications"
            load={loadPanel}
            strings={strings}
            props={{ counter, onClose: close }}
          />
        </div>
      )}
    </div>
  )
}
