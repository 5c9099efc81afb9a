import { vi } from 'vitest'
import { type LoaderWindow, startLoader } from '../../../widget/src/loader/start'
import type {
  AppController,
  Command,
  MountApp,
  MountOptions,
} from '../../../widget/src/shared/protocol'

export const win = window as unknown as LoaderWindow

/** Removes what a loader installed on window, so each test starts from a clean page. */
export function clearGlobals(): void {
  for (const key of ['Parley', '$chatwoot', 'chatwootSDK', 'chatwootSettings'] as const) {
    delete (win as unknown as Record<string, unknown>)[key]
  }
}

export function loaderScript(attributes: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script')
  script.src = 'https://chat.example.test/widget.js'
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
  return script
}

/** A stand-in app: records the mount options and every command it is given. */
export function recordingApp() {
  const commands: Command[] = []
  let options: MountOptions | undefined
  const controller: AppController = {
    run: vi.fn(async (command: Command) => {
      commands.push(command)
    }),
    destroy: vi.fn(),
  }
  const mount: MountApp = (o) => {
    options = o
    return controller
  }
  const importApp = vi.fn(async (_url: string, _nonce?: string, _win?: Window) => mount)
  return {
    commands,
    controller,
    importApp,
    get options() {
      return options
    },
  }
}

export function start(
  script: HTMLScriptElement | null,
  importApp: (url: string) => Promise<MountApp>,
) {
  return startLoader({ window: win, script, importApp })
}

export function launcherButton(): HTMLButtonElement {
  const host = document.querySelector('parley-widget')
  const button = host?.shadowRoot?.querySelector<HTMLButtonElement>('button.launcher')
  if (!button) throw new Error('no launcher')
  return button
}

/** The loader asks for the inbox settings once the visitor shows intent. */
export function fakeInboxFetch(body: object = { widget_color: '#ffcc00' }) {
  return vi
    .spyOn(window, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body)))
}
