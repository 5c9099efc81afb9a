import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { format } from '../i18n'
import type { Alerts } from '../notify/alerts'
import { useAccount } from './context'

export interface UserMenuProps {
  alerts: Alerts
  onShowShortcuts(): void
  onSignOut(): void
}

/**
 * The agent's menu (the ARIA menu-button pattern): notifications, the shortcut sheet (which holds
 * the preferences) and sign-out. Arrow keys move, Escape closes and gives focus back, Tab leaves.
 */
export function UserMenu({ alerts, onShowShortcuts, onSignOut }: UserMenuProps) {
  const { me, strings } = useAccount()
  const t = strings.shell
  const open = useSignal(false)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]

  useEffect(() => {
    if (!open.value) return
    items()[0]?.focus()
    const outside = (event: Event) => {
      const target = event.target as Node
      if (!menu.current?.contains(target) && !button.current?.contains(target)) open.value = false
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open.value])

  function close(returnFocus: boolean) {
    open.value = false
    if (returnFocus) button.current?.focus()
  }

  function keydown(event: KeyboardEvent) {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 }
    if (event.key === 'Escape') close(true)
    else if (event.key === 'Tab') close(false)
    else if (event.key in step)
      list[(index + (step[event.key] ?? 0) + list.length) % list.length]?.focus()
    else if (event.key === 'Home') list[0]?.focus()
    else if (event.key === 'End') list.at(-1)?.focus()
    else return
    if (event.key !== 'Tab') event.preventDefault()
  }

  function choose(action: () => void) {
    close(true)
    action()
  }

  const permission = alerts.permission.value
  return (
    <div class="user-menu">
      <button
        ref={button}
        type="button"
        class="button user-button"
        aria-haspopup="menu"
        aria-expanded={open.value}
        aria-controls="user-menu"
        aria-label={format(t.userMenu, { name: me.name })}
        onClick={() => {
          open.value = !open.value
        }}
      >
        <span class="avatar" aria-hidden="true">
          {me.name.trim().charAt(0).toUpperCase()}
        </span>
      </button>
      <div class="user-panel" hidden={!open.value}>
        <p class="user-name">
          {me.name}
          <span class="user-email">{me.email}</span>
        </p>
        {permission === 'granted' && <p class="note">{t.notificationsOn}</p>}
        {permission === 'denied' && <p class="note">{t.notificationsBlocked}</p>}
        <div
          ref={menu}
          id="user-menu"
          role="menu"
          tabIndex={-1}
          aria-label={format(t.userMenu, { name: me.name })}
          class="menu"
          onKeyDown={keydown}
        >
          {permission === 'default' && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              class="menu-item"
              onClick={() => choose(() => void alerts.enable())}
            >
              {t.enableNotifications}
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            class="menu-item"
            onClick={() => choose(onShowShortcuts)}
          >
            {t.showShortcuts}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            class="menu-item"
            onClick={() => choose(onSignOut)}
          >
            {t.signOut}
          </button>
        </div>
      </div>
    </div>
  )
}
