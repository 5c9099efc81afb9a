import { act, render } from '@testing-library/preact'
import type { ComponentChildren } from 'preact'
import { vi } from 'vitest'
import type { SocketStatus } from '../../protocol/client/socket'
import type { SharedLive } from '../../protocol/client/tabs'
import { en } from '../../protocol/i18n/widget.en'
import type { ClientFrame, ServerFrame } from '../../protocol/realtime'
import { createApiClient } from '../../widget/src/client/api'
import { WidgetContext } from '../../widget/src/components/context'
import * as attachments from '../../widget/src/components/parts/attachments'
import * as hours from '../../widget/src/components/parts/hours'
import * as past from '../../widget/src/components/parts/past'
import * as prechat from '../../widget/src/components/parts/prechat'
import * as rich from '../../widget/src/components/parts/rich'
import * as team from '../../widget/src/components/parts/team'
import { ar } from '../../widget/src/i18n/ar'
import { es } from '../../widget/src/i18n/es'
import { pt } from '../../widget/src/i18n/pt'
import type { LoaderSettings, WidgetEvent } from '../../widget/src/shared/protocol'
import type { LiveOptions, WidgetEnv } from '../../widget/src/store/context'
import type { Parts } from '../../widget/src/store/parts'
import { createSessionStore } from '../../widget/src/store/persist'
import { createWidgetState } from '../../widget/src/store/state'
import { createWidget, type Widget } from '../../widget/src/store/widget'
import { FakeServer, INBOX } from './fake-server'

const LOCALE_STRINGS = { en, es, pt, ar }
const PARTS: Parts = { rich, prechat, hours, attachments, team, past }

/** Stands in for the shared live connection: the test pushes frames and reads what was sent. */
export class FakeLive implements SharedLive {
  sent: ClientFrame[] = []
  signals: unknown[] = []
  closed = false
  connected = true
  reconnects = 0
  leader = true
  constructor(readonly options: LiveOptions) {}
  send(frame: ClientFrame): boolean {
    if (!this.connected) return false
    this.sent.push(frame)
    return true
  }
  reconnectNow() {
    this.reconnects++
  }
  signal(signal: unknown) {
    this.signals.push(signal)
  }
  close() {
    this.closed = true
  }
  frame(event: ServerFrame['event'], data: object) {
    this.options.onFrame({ event, data: data as Record<string, unknown> })
  }
  status(status: SocketStatus) {
    this.options.onStatus(status)
  }
}

export interface TestEnv extends WidgetEnv {
  lives: FakeLive[]
  isOnline: boolean
  isVisible: boolean
  readonly live: FakeLive | undefined
}

export function fakeEnv(): TestEnv {
  let n = 0
  const env: TestEnv = {
    lives: [],
    isOnline: true,
    isVisible: true,
    get live() {
      return this.lives.at(-1)
    },
    now: () => 1_700_000_000_000,
    uuid: () => `echo-${++n}`,
    online: () => env.isOnline,
    visible: () => env.isVisible,
    referrer: () => 'https://shop.example.test/pricing',
    browserInfo: () => ({ browser_name: 'Test' }),
    openLive(options) {
      const live = new FakeLive(options)
      env.lives.push(live)
      return live
    },
    // The chunks' own modules, already imported: a language arrives on the next microtask.
    loadStrings: (lang) => Promise.resolve(LOCALE_STRINGS[lang]),
    // Likewise the part chunks' modules: a part renders once the next microtasks have run.
    loadPart: (name) => Promise.resolve(PARTS[name]),
  }
  return env
}

export interface TestWidget {
  widget: Widget
  server: FakeServer
  env: TestEnv
  events: { event: WidgetEvent; detail: unknown }[]
  storage: Storage
}

/** A real widget (state, actions, API client) over the fake server and a fake live connection. */
export function createTestWidget(
  options: { server?: FakeServer; settings?: LoaderSettings; storage?: Storage } = {},
): TestWidget {
  const server = options.server ?? new FakeServer()
  const env = fakeEnv()
  const events: TestWidget['events'] = []
  const storage = options.storage ?? localStorage
  const widget = createWidget({
    state: createWidgetState({ settings: options.settings }),
    api: createApiClient({ baseUrl: server.baseUrl, inbox: INBOX, fetch: server.fetch }),
    store: createSessionStore(storage, INBOX),
    env,
    emit: (event, detail) => events.push({ event, detail }),
  })
  return { widget, server, env, events, storage }
}

/** Lets pending promises (fake fetches, chained actions) settle, then renders and runs effects. */
export async function settle(times = 20): Promise<void> {
  await act(async () => {
    for (let i = 0; i < times; i++) await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
    for (let i = 0; i < times; i++) await Promise.resolve()
  })
}

export function renderWith(widget: Widget, ui: ComponentChildren) {
  return render(<WidgetContext.Provider value={widget}>{ui}</WidgetContext.Provider>)
}

export function stored(): Record<string, unknown> | null {
  const raw = localStorage.getItem(`parley:${INBOX}`)
  return raw ? JSON.parse(raw) : null
}

export { vi }

/** A server message for component tests (an agent's text unless told otherwise). */
export function message(
  fields: Partial<import('../../widget/src/client/types').Message> = {},
): import('../../widget/src/client/types').Message {
  return {
    id: 501,
    content: 'Hello',
    message_type: 1,
    content_type: 'text',
    content_attributes: {},
    created_at: 1_700_000_000,
    conversation_id: 1,
    sender: { id: 7, name: 'Ana', available_name: 'Ana', type: 'user' },
    ...fields,
  }
}
