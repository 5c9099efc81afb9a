import { signal } from '@preact/signals'
import { act, render } from '@testing-library/preact'
import createClient from 'openapi-fetch'
import { vi } from 'vitest'
import type { Profile, paths } from '../../../dashboard/src/api/schema'
import { createCommandBus } from '../../../dashboard/src/app/commands'
import {
  AccountContext,
  type AccountServices,
  type AgentPreferences,
} from '../../../dashboard/src/app/context'
import { ConversationPane } from '../../../dashboard/src/conversation/ConversationPane'
import { en } from '../../../dashboard/src/i18n'
import { FakeFeed } from '../fake-api'
import { ACCOUNT, DISPLAY_ID, type FakeServer, ME } from './fake-server'
import { FakeWebSocket } from './fake-socket'

export function testServices(server: FakeServer, overrides: Partial<AccountServices> = {}) {
  const api = createClient<paths>({ baseUrl: 'http://localhost:8787', fetch: server.fetch })
  const feed = new FakeFeed()
  feed.state.value = 'live'
  const services: AccountServices & { feed: FakeFeed } = {
    api,
    feed,
    accountId: ACCOUNT,
    me: { id: ME.id, name: ME.name } as Profile,
    isAdministrator: true,
    preferences: signal<AgentPreferences>({ sendWith: 'enter', shortcuts: true, sound: 'hidden' }),
    commands: createCommandBus(),
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
