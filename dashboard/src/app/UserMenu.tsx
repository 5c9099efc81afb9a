import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { format } from '../i18n'
import type { Alerts } from '../notify/alerts'
import { useAccount } from './context'
import { PreferenceControls } from './PreferenceControls'

export interface UserMenuProps {
  alerts: Alerts
  onShowShortcuts(): void
  onSignOut(): void
}

/** The agent's menu: notifications, preferences, the shortcut list and sign-out. */
export function UserMenu({ alerts, onShowShortcuts, onSignOut }: UserMenuProps) {
  const { me, strings } = useAccount()
  const t = strings.shell
  const open = useSignal(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open.value) return
    const outside = (event: Event) => {
      const target = event.target as Node
      if (!panel.current?.contains(target) && !button.current?.contains(target)) open.value = false
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      open.value = false
      button.current?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [open.value])

  const permission = alerts.permission.value
  return (
    <div class="user-menu">
      <button
        ref={button}
        type="button"
        class="button user-button"
        aria-expanded={open.value}
        aria-controls="user-menu-panel"
        aria-label={format(t.userMenu, { name: me.name })}
        onClick={() => {
          open.value = !open.value
        }}
      >
        <span class="avatar" aria-hidden="true">
          {me.name.trim().charAt(0).toUpperCase()}
        </span>
      </button>
      <div ref={panel} id="user-menu-panel" class="user-panel" hidden={!open.value}>
        <p class="user-name">
          {me.name}
          <span class="user-email">{me.email}</span>
        </p>
        {permission === 'default' && (
          <button type="button" class="button" onClick={() => void alerts.enable()}>
            {t.enableNotifications}
          </button>
        )}
        {permission === 'granted' && <p class="note">{t.notificationsOn}</p>}
        {permission === 'denied' && <p class="note">{t.notificationsBlocked}</p>}
        <PreferenceControls />
        <button
          type="button"
          class="button"
          onClick={() => {
            open.value = false
            onShowShortcuts()
          }}
        >
          {t.showShortcuts}
        </button>
        <button type="button" class="button" onClick={onSignOut}>
          {t.signOut}
        </button>
      </div>
    </div>
  )
}
