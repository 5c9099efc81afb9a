import { within } from '@testing-library/preact'
import { mountApp } from '../../widget/src/app/mount'
import { createLauncher } from '../../widget/src/loader/launcher'
import type { LoaderSettings, WidgetEvent } from '../../widget/src/shared/protocol'
import { FakeServer, INBOX } from './fake-server'
import { fakeEnv } from './helpers'

/** The real app, mounted into a real launcher's shadow root, over the fake server. */
export function mountWidget(
  options: {
    server?: FakeServer
    settings?: LoaderSettings
    env?: ReturnType<typeof fakeEnv>
  } = {},
) {
  const server = options.server ?? new FakeServer()
  const env = options.env ?? fakeEnv()
  const events: { event: WidgetEvent; detail: unknown }[] = []
  const launcher = createLauncher(document, 'Open chat', 'right')
  const controller = mountApp(
    {
      inbox: INBOX,
      baseUrl: server.baseUrl,
      assetBase: `${server.baseUrl}/`,
      settings: options.settings ?? {},
      launcher,
      emit: (event, detail) => events.push({ event, detail }),
    },
    { fetch: server.fetch, env, storage: localStorage },
  )
  const container = launcher.root.querySelector('.parley-app') as HTMLElement
  return {
    server,
    env,
    events,
    launcher,
    controller,
    container,
    view: within(container),
    /** The element focused inside the shadow root. */
    focused: () => launcher.root.activeElement,
  }
}
