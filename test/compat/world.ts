import ChatwootSdk from '@figuro/chatwoot-sdk'
import { inject } from 'vitest'

/** What global-setup.ts seeded in the running worker. */
export type CompatUser = { id: number; token: string; name: string }
export type CompatWorld = {
  base: string
  platformToken: string
  /** wrangler dev's local state (D1 included), for `wrangler d1 execute --persist-to`. */
  persistDir: string
  accountId: number
  admin: CompatUser
  agent: CompatUser
  inboxId: number
  websiteInboxId: number
}

declare module 'vitest' {
  export interface ProvidedContext {
    compat: CompatWorld
  }
}

export const world = () => inject('compat')

type ChatwootClient = InstanceType<typeof ChatwootSdk>
// The package is CommonJS with `exports.default`; Node's ESM import hands back module.exports.
const Client = ((ChatwootSdk as unknown as { default?: typeof ChatwootSdk }).default ??
  ChatwootSdk) as typeof ChatwootSdk

/** The published SDK, configured the way its README does, against the running worker. */
export function sdk(token: string): ChatwootClient {
  return new Client({
    config: { basePath: world().base, token, with_credentials: false, credentials: 'omit' },
  })
}

/**
 * The SDK declares some responses with shapes Chatwoot never sends (for example
 * `contacts.create` as a bare contact, where Chatwoot answers `{payload: {contact, contact_inbox}}`).
 * The tests assert Chatwoot's wire shape, which is what code written with the SDK receives.
 */
// biome-ignore lint/suspicious/noExplicitAny: reads the SDK's loosely typed answers
export const wire = (value: unknown) => value as any

/** A plain call, only for operations the SDK does not offer. */
export async function plain(pathname: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${world().base}${pathname}`, {
    ...init,
    headers: { api_access_token: token, 'content-type': 'application/json', ...init.headers },
  })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}
