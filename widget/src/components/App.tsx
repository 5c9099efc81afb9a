import type { Widget } from '../store/widget'
import { WidgetContext } from './context'
import { Panel } from './Panel'

/** The app's root: language, direction and colour scheme; the panel while open. */
export function App({ widget }: { widget: Widget }) {
  const { state } = widget
  const t = state.t.value
  return (
    <WidgetContext.Provider value={widget}>
      <div
        class="parley"
        dir={t.dir}
        lang={state.lang.value}
        data-scheme={state.colorScheme.value}
        data-position={state.settings.position ?? state.inbox.value?.position ?? 'right'}
      >
        {state.isOpen.value && <Panel />}
      </div>
    </WidgetContext.Provider>
  )
}
