import { useAccount } from '../app/context'
import { LazyView } from '../app/LazyView'
import type { WorkspaceRoute } from './pages'

/** The contacts page, the funnels, the reports or the settings area, each fetched when first opened. */
export function WorkspaceView({ route }: { route: WorkspaceRoute }) {
  const { strings } = useAccount()
  if (route.name === 'funnels') {
    return (
      <LazyView
        viewKey="funnels"
        load={() => import('../funnels/FunnelsPage')}
        props={{ route }}
        strings={strings}
      />
    )
  }
  if (route.name === 'reports') {
    return (
      <LazyView
        viewKey="reports"
        load={() => import('../reports/ReportsPage')}
        props={{ route }}
        strings={strings}
      />
    )
  }
  if (route.name === 'contacts') {
    return (
      <LazyView
        viewKey="contacts"
        load={() => import('../contacts/ContactsPage')}
        props={{ route }}
        strings={strings}
      />
    )
  }
  return (
    <LazyView
      viewKey="settings"
      load={() => import('../settings/SettingsLayout')}
      props={{ route }}
      strings={strings}
    />
  )
}
