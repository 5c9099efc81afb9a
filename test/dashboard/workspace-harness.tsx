import { signal } from '@preact/signals'
import { act, render } from '@testing-library/preact'
import { vi } from 'vitest'
import { type ApiClient, createApiClient } from '../../dashboard/src/api/client'
import type { Profile } from '../../dashboard/src/api/schema'
import { createCommandBus } from '../../dashboard/src/app/commands'
import {
  AccountContext,
  type AccountServices,
  type AgentPreferences,
} from '../../dashboard/src/app/context'
import { en } from '../../dashboard/src/i18n'
import { LocaleContext, type LocaleServices } from '../../dashboard/src/i18n/context'
import { FakeFeed } from './fake-api'

/** The account every workspace test signs in to. */
export const ACCOUNT = 1

/** An administrator's services in account 1 over `api`, with what a test varies. */
export function accountServices(
  api: ApiClient,
  overrides: Partial<AccountServices> = {},
): AccountServices {
  return {
    api,
    feed: new FakeFeed(),
    accountId: ACCOUNT,
    me: { id: 5, name: 'Ada' } as Profile,
    isAdministrator: true,
    preferences: signal<AgentPreferences>({ sendWith: 'enter', shortcuts: true, sound: 'hidden' }),
    commands: createCommandBus(),
    strings: en,
    navigate: vi.fn(),
    ...overrides,
  }
}

/** One request the page made, with its JSON body read. */
export interface Call {
  method: string
  path: string
  query: URLSearchParams
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON bodies the page sent
  body: any
}

/**
 * A typed client over a fetch the test answers call by call (404 in the error envelope where
 * `handler` has no answer); every call is pushed onto `calls`.
 */
export function recordingApi(handler: (call: Call) => Response | undefined, calls: Call[] = []) {
  const fetcher = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const text = await request.text()
    const url = new URL(request.url)
    const call: Call = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    }
    calls.push(call)
    return (
      handler(call) ?? Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 })
    )
  }
  return { api: createApiClient('https://parley.test', fetcher as typeof fetch), calls }
}

/** Lets every pending fetch and re-render finish. */
export async function settle(rounds = 8) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
}

/** Draws `ui` inside the account's context and lets its first loads finish. */
export async function renderWith(value: AccountServices, ui: preact.ComponentChild) {
  // The root's language context speaks the services' strings (English unless a test says).
  const language: LocaleServices = {
    locale: value.strings === en ? 'en' : 'es',
    strings: value.strings,
    choose: async () => {},
  }
  const view = render(
    <LocaleContext.Provider value={language}>
      <AccountContext.Provider value={value}>{ui}</AccountContext.Provider>
    </LocaleContext.Provider>,
  )
  await settle()
  return view
}
