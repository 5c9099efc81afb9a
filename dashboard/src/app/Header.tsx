import { useSignal } from '@preact/signals'
import { NotificationBell } from '../notify/NotificationBell'
import { AvailabilitySwitch } from './AvailabilitySwitch'
import type { AccountBundle } from './account-services'
import { PaneToggle } from './PaneToggle'
import { type Section, SectionNav } from './SectionNav'
import { UserMenu } from './UserMenu'

export interface HeaderProps {
  bundle: AccountBundle
  section: Section
  onShowShortcuts(): void
  onSignOut(): void
}

const CONNECTION_LABEL = {
  live: 'connectionLive',
  connecting: 'connectionConnecting',
  offline: 'connectionOffline',
} as const

/** The app's name, the sections, the feed's state, the availability switch and the agent's menu. */
export function Header({ bundle, section, onShowShortcuts, onSignOut }: HeaderProps) {
  const { services, alerts } = bundle
  const t = services.strings.shell
  const connection = services.feed.state.value
  // A phone folds the sections behind a menu button (they do not fit beside the agent's controls).
  const navOpen = useSignal(false)
  return (
    <header class="header">
      <span class="brand">{t.appName}</span>
      <PaneToggle open={navOpen} label={t.menu} class="nav-toggle" controls="section-nav" />
      <SectionNav
        current={section}
        open={navOpen.value}
        onChoose={() => {
          navOpen.value = false
        }}
      />
      <span class={`connection connection-${connection}`} role="status">
        {t[CONNECTION_LABEL[connection]]}
      </span>
      <span class="header-end">
        <NotificationBell />
        <AvailabilitySwitch
          api={services.api}
          accountId={services.accountId}
          me={services.me}
          strings={services.strings}
        />
        <UserMenu alerts={alerts} onShowShortcuts={onShowShortcuts} onSignOut={onSignOut} />
      </span>
    </header>
  )
}
