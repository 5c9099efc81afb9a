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
import { launcherLabel } from './labels'
import { createLauncher, showBubble } from './launcher'
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
  importApp?: (url: string, nonce: string | undefined, win: Window) => Promise<MountApp>
  /**
   * The colour of the inbox named by the script URL's `?inbox=`, written into the loader by the
   * worker (baked.ts); anything but a colour when the loader was served plain.
   */
  color?: string
}

type InboxColor = { widget_color: string }

/** Commands that only concern who the visitor is: reset() makes queued ones moot. */
const IDENTITY = /User|Attr|Label/

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
  // A script's src reads back absolute.
  const origin = script?.src ? new URL(script.src) : undefined
  // '' when the script has none: everything that passes it on treats '' as none.
  const nonce = script?.nonce
  let queue: Command[] = []
  let launcher: LauncherHandle | undefined
  let controller: AppController | undefined
  let loading: Promise<void> | undefined
  // The inbox settings, asked for when the app starts loading (load()).
  let inbox$: Promise<unknown> | undefined
  // Where widget-app.js and its chunks live; set by run() with view.websiteToken and baseUrl.
  let assetBase: string | undefined
  let resetOnRun = false

  if (/^(left|right)$/.test(data.position as string)) settings.position = data.position as Position
  if (data.locale) settings.locale = data.locale
  // The SDK object itself (createSdk adds the methods): plain properties, as Chatwoot's are.
  // websiteToken and baseUrl come with run(), identifier and user with setUser().
  const view: SdkView = {
    hasLoaded: false,
    isOpen: false,
    position: settings.position === 'left' ? 'left' : 'right',
    locale: settings.locale,
    darkMode: settings.darkMode ?? 'auto',
    launcherTitle: settings.launcherTitle,
    // Any truthy value hides it, as in Chatwoot.
    hideMessageBubble: !!settings.hideMessageBubble,
  }

  const emit = (event: WidgetEvent, detail?: unknown) => {
    view.isOpen = event === 'opened' || (event !== 'closed' && view.isOpen)
    win.dispatchEvent(new CustomEvent(`chatwoot:${event}`, { detail }))
  }
  // An Error's message, or whatever else was thrown, as text.
  const fail = (error: unknown) =>
    emit('error', { message: (error as Error)?.message ?? String(error) })

  // The inbox settings, asked for once (at idle time for the colour, or with the app), and the
  // launcher coloured with them. A failure is reported, as the app may never come to handle it;
  // the app asks again if it failed.
  function askInbox() {
    if (!inbox$) {
      inbox$ = win
        .fetch(inboxPath(view.baseUrl as string, view.websiteToken as string), {
          credentials: 'omit',
        })
        .then((res) => {
          if (!res.ok) throw new Error(`inbox ${res.status}`)
          return res.json()
        })
      inbox$.then((settings) => launcher?.setColor((settings as InboxColor).widget_color), fail)
    }
  }

  function load() {
    if (!launcher || loading) return
    const { button } = launcher
    button.setAttribute('aria-busy', 'true')
    // The settings the app opens with, asked for while its script downloads.
    askInbox()
    loading = (env.importApp ?? injectApp)(`${assetBase}widget-app.js`, nonce, win)
      .then((mount) => {
        controller = mount({
          inbox: view.websiteToken as string,
          baseUrl: view.baseUrl as string,
          assetBase: assetBase as string,
          nonce,
          settings: { ...settings, locale: view.locale, darkMode: view.darkMode },
          launcher: launcher as LauncherHandle,
          inbox$,
          emit,
        })
        queue.splice(0).map(call)
      })
      .catch((error) => {
        loading = undefined
        fail(error)
      })
      .finally(() => button.removeAttribute('aria-busy'))
  }

  function call(command: Command) {
    if (controller) controller.run(command).catch(fail)
    else {
      queue.push(command)
      load()
    }
  }

  function reset() {
    if (controller) return call({ type: 'reset' })
    // Not loaded: nothing live to tear down, and queued identity calls are undone by the reset.
    queue = queue.filter((command) => !IDENTITY.test(command.type))
    if (loading) queue.push({ type: 'reset' })
    else if (launcher) {
      try {
        win.localStorage.removeItem(storageKey(view.websiteToken as string))
      } catch {}
    } else resetOnRun = true
  }

  function run(options: RunOptions) {
    const inbox = options?.websiteToken
    if (launcher || typeof inbox !== 'string' || !inbox) return
    const baseUrl =
      `${options.baseUrl || data.baseUrl || origin?.origin || win.location.origin}`.replace(
        /\/+$/,
        '',
      )
    assetBase = origin ? new URL('.', origin).href : `${baseUrl}/`
    view.websiteToken = inbox
    view.baseUrl = baseUrl

    const shown = createLauncher(
      doc,
      launcherLabel(
        view.locale ?? (doc.documentElement.lang || win.navigator.language || 'en'),
        view.launcherTitle,
      ),
      view.position as Position,
      nonce,
    )
    // The inbox colour: written into this script when its URL names the inbox (no request, and
    // nothing from Parley's origin for style-src), else asked for at idle time (Chatwoot's
    // snippet): the default colour until then.
    const baked = shown.setColor(env.color as string)
    showBubble(shown, !view.hideMessageBubble)
    launcher = shown
    if (resetOnRun) reset()
    // Intent: a pointer (mouse, pen or touch: pointer events come before touch ones) or focus.
    for (const type of ['pointerenter', 'focus']) {
      shown.button.addEventListener(type, load)
    }
    shown.button.addEventListener('click', () => call({ type: 'toggle' }))

    const whenIdle = () => {
      if (!baked) askInbox()
      // A returning visitor has a conversation: load now (unless loading already), so replies
      // raise the unread badge.
      try {
        // A stored session is JSON, never '': any value is one.
        if (win.localStorage.getItem(storageKey(inbox))) load()
      } catch {}
    }
    if (win.requestIdleCallback) win.requestIdleCallback(whenIdle)
    else win.setTimeout(whenIdle, 200)
    view.hasLoaded = true
    if (queue.length) load()
    win.setTimeout(() => emit('ready'))
  }

  const sdk = createSdk(view, call, run, reset, (visible) => {
    view.hideMessageBubble = !visible
    if (launcher) showBubble(launcher, visible)
  })
  win.$chatwoot = sdk
  win.Parley = sdk
  win.chatwootSDK = { run }
  // run() takes data-base-url itself. Parley's snippet names the inbox in the URL
  // (/widget.js?inbox=…); the older one in data-inbox.
  // run() ignores an inbox that is not a non-empty string.
  run({ websiteToken: (data.inbox || origin?.searchParams.get('inbox')) as string })
  return sdk
}
