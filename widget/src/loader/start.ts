import type {
  AppController,
  Command,
  LauncherHandle,
  LoaderSettings,
  MountApp,
  Position,
  WidgetEvent,
} from '../shared/protocol'
import { inboxPath, storageKey } from '../shared/protocol'
import { launcherLabels } from './labels'
import { createLauncher } from './launcher'
import { injectApp } from './load-app'
import { createSdk, type ParleySdk, type RunOptions, type SdkView } from './sdk'

export type LoaderWindow = Window &
  typeof globalThis & {
    chatwootSettings?: LoaderSettings
    chatwootSDK?: { run(options: RunOptions): void }
    $chatwoot?: ParleySdk
    Parley?: ParleySdk
  }

export interface LoaderEnv {
  window: LoaderWindow
  script: HTMLScriptElement | null
  /** Loads widget-app.js and returns its mount function (tests hand in the real one directly). */
  importApp?: (url: string, nonce?: string) => Promise<MountApp>
}

/** Commands that only concern who the visitor is: reset() makes queued ones moot. */
const IDENTITY = /^(setUser|setCustomAttributes|deleteCustomAttribute|setLabel|removeLabel|setConv)/

/**
 * Installs window.$chatwoot, window.chatwootSDK and window.Parley, draws the launcher once an inbox
 * is known, and loads the app on the first sign of intent. Touches no storage: it only reads
 * whether this inbox's key exists (set when the visitor opened the widget on an earlier visit).
 */
export function startLoader(env: LoaderEnv): ParleySdk {
  const win = env.window
  if (win.Parley) return win.Parley
  const doc = win.document
  const script = env.script
  const settings: LoaderSettings = { ...win.chatwootSettings }
  const data = script?.dataset ?? {}
  const nonce = script?.nonce || undefined
  const queue: Command[] = []
  let launcher: LauncherHandle | undefined
  let controller: AppController | undefined
  let loading: Promise<void> | undefined
  let inbox$: Promise<unknown> | undefined
  let config: { inbox: string; baseUrl: string; assetBase: string } | undefined
  let resetOnRun = false

  if (data.position === 'left' || data.position === 'right') settings.position = data.position
  if (data.locale) settings.locale = data.locale
  const view: SdkView = {
    hasLoaded: false,
    isOpen: false,
    websiteToken: undefined,
    baseUrl: undefined,
    position: settings.position === 'left' ? 'left' : 'right',
    locale: settings.locale,
    darkMode: settings.darkMode ?? 'auto',
    launcherTitle: settings.launcherTitle,
    hideMessageBubble: settings.hideMessageBubble === true,
    identifier: undefined,
    user: undefined,
  }

  const emit = (event: WidgetEvent, detail?: unknown) => {
    if (event === 'opened' || event === 'closed') view.isOpen = event === 'opened'
    win.dispatchEvent(new CustomEvent(`chatwoot:${event}`, { detail }))
  }
  const fail = (error: unknown) =>
    emit('error', { message: error instanceof Error ? error.message : String(error) })

  const hasStoredSession = (inbox: string) => {
    try {
      return win.localStorage.getItem(storageKey(inbox)) !== null
    } catch {
      return false
    }
  }

  function load(): Promise<void> {
    if (!config || !launcher) return Promise.resolve()
    if (loading) return loading
    const { button } = launcher
    const importApp = env.importApp ?? ((url, n) => injectApp(win, url, n))
    button.setAttribute('aria-busy', 'true')
    loading = importApp(`${config.assetBase}widget-app.js`, nonce)
      .then((mount) => {
        controller = mount({
          inbox: config!.inbox,
          baseUrl: config!.baseUrl,
          assetBase: config!.assetBase,
          nonce,
          settings: { ...settings, locale: view.locale, darkMode: view.darkMode },
          launcher: launcher!,
          inbox$,
          emit,
        })
        for (const command of queue.splice(0)) controller.run(command).catch(fail)
      })
      .catch((error) => {
        loading = undefined
        fail(error)
      })
      .finally(() => button.removeAttribute('aria-busy'))
    return loading
  }

  function call(command: Command) {
    if (controller) {
      controller.run(command).catch(fail)
      return
    }
    queue.push(command)
    void load()
  }

  function reset() {
    if (controller) return call({ type: 'reset' })
    // Not loaded: nothing live to tear down, and queued identity calls are undone by the reset.
    for (let i = queue.length - 1; i >= 0; i--) {
      if (IDENTITY.test((queue[i] as Command).type)) queue.splice(i, 1)
    }
    if (loading) return queue.push({ type: 'reset' })
    if (!config) {
      resetOnRun = true
      return
    }
    try {
      win.localStorage.removeItem(storageKey(config.inbox))
    } catch {}
    launcher?.setUnread(0)
  }

  function run(options: RunOptions) {
    if (config || !options || typeof options.websiteToken !== 'string' || !options.websiteToken) {
      return
    }
    const origin = script?.src ? new URL(script.src, win.location.href) : undefined
    const baseUrl = (options.baseUrl || data.baseUrl || origin?.origin || win.location.origin)
      .toString()
      .replace(/\/+$/, '')
    const assetBase = origin ? new URL('.', origin).href : `${baseUrl}/`
    config = { inbox: options.websiteToken, baseUrl, assetBase }
    view.websiteToken = config.inbox
    view.baseUrl = baseUrl
    if (resetOnRun) reset()

    const locale = view.locale ?? (doc.documentElement.lang || win.navigator.language || 'en')
    launcher = createLauncher(doc, {
      position: view.position as Position,
      labels: launcherLabels(locale, view.launcherTitle),
      cssHref: `${assetBase}widget.css`,
      nonce,
      visible: !view.hideMessageBubble,
    })
    const { button } = launcher
    const intent = () => void load()
    for (const type of ['pointerenter', 'focus', 'touchstart']) {
      button.addEventListener(type, intent, { passive: true })
    }
    button.addEventListener('click', () => call({ type: 'toggle' }))

    const idle = win.requestIdleCallback?.bind(win) ?? ((cb: () => void) => win.setTimeout(cb, 200))
    idle(() => {
      if (loading) return
      const inbox = config!.inbox
      inbox$ = win
        .fetch(inboxPath(baseUrl, inbox), { credentials: 'omit' })
        .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`inbox ${res.status}`))))
      inbox$.then((body) => {
        const color = (body as { widget_color?: unknown }).widget_color
        if (typeof color === 'string') launcher?.setColor(color)
      }, fail)
      // A returning visitor has a conversation: load now, so replies raise the unread badge.
      if (hasStoredSession(inbox)) void load()
    })
    view.hasLoaded = true
    if (queue.length) void load()
    win.setTimeout(() => emit('ready'))
  }

  const sdk = createSdk({
    call,
    reset,
    run,
    view,
    bubble(visible) {
      view.hideMessageBubble = !visible
      launcher?.setVisible(visible)
    },
  })
  win.$chatwoot = sdk
  win.Parley = sdk
  win.chatwootSDK = { run }
  if (data.inbox) run({ websiteToken: data.inbox, baseUrl: data.baseUrl })
  return sdk
}
