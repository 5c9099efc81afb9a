import { effect } from '@preact/signals'
import { render } from 'preact'
import { createApiClient } from '../client/api'
import { App } from '../components/App'
import { type AppController, type MountOptions, storageKey } from '../shared/protocol'
import { adoptStyles } from '../shared/styles'
import type { WidgetEnv } from '../store/context'
import { createSessionStore } from '../store/persist'
import { createWidgetState } from '../store/state'
import { createWidget } from '../store/widget'
import appCss from '../styles/app.css?inline'
import { browserEnv } from './env'

/** What tests replace: the browser's fetch, storage and live connection. */
export interface MountOverrides {
  fetch?: typeof fetch
  storage?: Storage | null
  env?: WidgetEnv
}

function localStorageOf(win: Window): Storage | null {
  try {
    return win.localStorage
  } catch {
    return null
  }
}

/** Renders the panel into the launcher's shadow root and wires the app to the page. */
export function mountApp(options: MountOptions, overrides: MountOverrides = {}): AppController {
  const { launcher, settings } = options
  const win = launcher.host.ownerDocument.defaultView as Window & typeof globalThis
  const container = win.document.createElement('div')
  container.className = 'parley-app'
  launcher.root.append(container)
  adoptStyles(launcher.root, appCss, `${options.assetBase}widget-app.css`, options.nonce, container)

  const state = createWidgetState({ settings, browserLanguage: win.navigator.language })
  const storage = overrides.storage !== undefined ? overrides.storage : localStorageOf(win)
  const widget = createWidget({
    state,
    api: createApiClient({
      baseUrl: options.baseUrl,
      inbox: options.inbox,
      fetch: overrides.fetch,
    }),
    store: createSessionStore(storage, options.inbox),
    env: overrides.env ?? browserEnv(win, options),
    emit: options.emit,
    inbox$: options.inbox$,
  })

  const disposers = [
    effect(() => launcher.setUnread(state.unreadCount.value)),
    effect(() => {
      const open = state.isOpen.value
      const focusWasInPanel = container.contains(launcher.root.activeElement)
      launcher.setOpen(open)
      if (open) launcher.host.dataset.open = ''
      else delete launcher.host.dataset.open
      // Back to the launcher (shown again on small screens by now), unless focus was on the page.
      if (!open && focusWasInPanel) launcher.focus()
    }),
    effect(() => {
      // The loader already shows the wanted language's labels: keep them while its strings load.
      if (state.lang.value !== state.wantedLang.value) return
      const labels = state.t.value.launcher
      launcher.setLabels(
        settings.launcherTitle ? { ...labels, open: settings.launcherTitle } : labels,
      )
    }),
    effect(() => {
      const inbox = state.inbox.value
      if (inbox?.widget_color) launcher.setColor(inbox.widget_color)
      launcher.setPosition(settings.position ?? inbox?.position ?? 'right')
    }),
  ]

  const listeners: [EventTarget, string, (event: Event) => void][] = [
    [win, 'online', () => widget.online(true)],
    [win, 'offline', () => widget.online(false)],
    [win.document, 'visibilitychange', () => widget.visibility()],
    [
      win,
      'storage',
      (event) => {
        const { key, newValue } = event as StorageEvent
        if (key === storageKey(options.inbox)) widget.onStorage(newValue)
        else if (key === null) widget.onStorage(null)
      },
    ],
  ]
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener)
  widget.online(win.navigator.onLine !== false)

  render(<App widget={widget} />, container)

  return {
    run: (command) => widget.run(command),
    destroy() {
      for (const dispose of disposers) dispose()
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener)
      widget.destroy()
      render(null, container)
      container.remove()
    },
  }
}
