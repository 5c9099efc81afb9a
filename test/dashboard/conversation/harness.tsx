import { signal } from '@preact/signals'
import { act, render } from '@testing-library/preact'
import createClient from 'openapi-fetch'
import { vi } from 'vitest'
import type { Profile, paths } from '../../../dashboard/src/api/schema'
import {
  AccountContext,
  type AccountServices,
  type AgentPreferences,
  type CommandBus,
  type ConversationCommand,
} from '../../../dashboard/src/app/context'
import { ConversationPane } from '../../../dashboard/src/conversation/ConversationPane'
import { en } from '../../../dashboard/src/i18n'
import type { FeedFrame, LiveFeed } from '../../../dashboard/src/live/types'
import { ACCOUNT, DISPLAY_ID, type FakeServer, ME } from './fake-server'
import { FakeWebSocket } from './fake-socket'

/** The account feed as the pane uses it: the test pushes frames and fires resyncs. */
export class FakeFeed implements LiveFeed {
  listeners = new Set<(frame: FeedFrame) => void>()
  resyncs = new Set<() => void>()
  state = signal<'connecting' | 'live' | 'offline'>('live')
  subscribe(listener: (frame: FeedFrame) => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  onResync(listener: () => void) {
    this.resyncs.add(listener)
    return () => this.resyncs.delete(listener)
  }
  push(frame: FeedFrame) {
    for (const listener of this.listeners) listener(frame)
  }
  resync() {
    for (const listener of this.resyncs) listener()
  }
  close() {}
}

export function commandBus(): CommandBus {
  const handlers = new Map<ConversationCommand, Set<() => void>>()
  return {
    on(command, handler) {
      const set = handlers.get(command) ?? new Set()
      handlers.set(command, set)
      set.add(handler)
      return () => set.delete(handler)
    },
    emit(command) {
      for (const handler of handlers.get(command) ?? []) handler()
    },
  }
}

export function testServices(server: FakeServer, overrides: Partial<AccountServices> = {}) {
  const api = createClient<paths>({ baseUrl: 'http://localhost:8787', fetch: server.fetch })
  const services: AccountServices & { feed: FakeFeed } = {
    api,
    feed: new FakeFeed(),
    accountId: ACCOUNT,
    me: { id: ME.id, name: ME.name } as Profile,
    preferences: signal<AgentPreferences>({ sendWith: 'enter', shortcuts: true }),
    commands: commandBus(),
    strings: en,
    navigate: vi.fn(),
    ...(overrides as object),
  } as AccountServices & { feed: FakeFeed }
  return services
}

/** Lets every pending fetch and re-render finish. */
export async function settle(rounds = 6) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
}

/** The pane for conversation 7, against the fake server, with a fake WebSocket in place. */
export async function renderPane(server: FakeServer, overrides: Partial<AccountServices> = {}) {
  FakeWebSocket.reset()
  vi.stubGlobal('WebSocket', FakeWebSocket)
  const services = testServices(server, overrides)
  const view = render(
    <AccountContext.Provider value={services}>
      <ConversationPane displayId={DISPLAY_ID} />
    </AccountContext.Provider>,
  )
  await settle()
  return { ...view, services }
}
