import { storageKey } from '../shared/protocol'
import type { Session } from './state'

export interface StoredOutboxItem {
  echoId: string
  content: string
  createdAt: number
}

/** Everything the widget keeps between page views, under one localStorage key per inbox. */
export interface StoredSession extends Session {
  conversationId?: number
  outbox?: StoredOutboxItem[]
}

function isStoredSession(value: unknown): value is StoredSession {
  const v = value as StoredSession | null
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.sourceId === 'string' &&
    typeof v.pubsubToken === 'string' &&
    (v.conversationId === undefined || typeof v.conversationId === 'number') &&
    (v.outbox === undefined || Array.isArray(v.outbox))
  )
}

export interface SessionStore {
  readonly key: string
  load(): StoredSession | null
  save(session: StoredSession): void
  clear(): void
}

/** Storage can be missing, full or forbidden (private modes, sandboxed frames): never throw. */
export function createSessionStore(
  storage: Storage | null | undefined,
  inbox: string,
): SessionStore {
  const key = storageKey(inbox)
  return {
    key,
    load() {
      try {
        const raw = storage?.getItem(key)
        const parsed: unknown = raw ? JSON.parse(raw) : null
        return isStoredSession(parsed) ? parsed : null
      } catch {
        return null
      }
    },
    save(session) {
      try {
        storage?.setItem(key, JSON.stringify(session))
      } catch {}
    },
    clear() {
      try {
        storage?.removeItem(key)
      } catch {}
    },
  }
}
