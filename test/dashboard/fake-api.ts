import { signal } from '@preact/signals'
import { createApiClient } from '../../dashboard/src/api/client'
import type { Conversation, MessagePushData } from '../../dashboard/src/api/schema'
import type { FeedFrame, LiveFeed } from '../../dashboard/src/live/types'

export const ME = 5
export const OTHER_AGENT = 6

type Handler = (url: URL, request: Request) => Response | undefined | Promise<Response | undefined>

/** A fetch the test answers route by route; every request is kept for assertions. */
export function fakeApi(handler: Handler) {
  const requests: URL[] = []
  const fetcher = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url)
    requests.push(url)
    const answer = await handler(url, request)
    return answer ?? Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 })
  }
  return { api: createApiClient('https://parley.test', fetcher as typeof fetch), requests }
}

/** A conversation as the API lists it, with what the tests vary. */
export function conversation(
  id: number,
  fields: Partial<Omit<Conversation, 'meta'>> & {
    assigneeId?: number | null
    teamId?: number
    name?: string
    lastMessageId?: number
  } = {},
): Conversation {
  const { assigneeId = ME, teamId, name = `Visitor ${id}`, lastMessageId = id * 100 } = fields
  const last = lastMessageId ? message(lastMessageId, id, { content: `hello from ${id}` }) : null
  return {
    id,
    account_id: 1,
    inbox_id: 1,
    uuid: `uuid-${id}`,
    status: 'open',
    labels: [],
    priority: null,
    unread_count: 0,
    created_at: 1000 + id,
    last_activity_at: 2000 + id,
    waiting_since: 0,
    messages: last ? [last] : [],
    last_non_activity_message: last,
    ...fields,
    meta: {
      sender: { id: 100 + id, name },
      channel: 'Channel::WebWidget',
      hmac_verified: false,
      ...(assigneeId !== null
        ? { assignee: { id: assigneeId, name: `Agent ${assigneeId}` }, assignee_type: 'User' }
        : {}),
      ...(teamId !== undefined ? { team: { id: teamId, name: `Team ${teamId}` } } : {}),
    },
  } as unknown as Conversation
}

export function message(
  id: number,
  conversationId: number,
  fields: Partial<MessagePushData> & { assigneeId?: number | null; unread?: number } = {},
): MessagePushData {
  const { assigneeId = ME, unread = 1, ...rest } = fields
  return {
    id,
    conversation_id: conversationId,
    content: `message ${id}`,
    message_type: 0,
    private: false,
    created_at: 5000 + id,
    attachments: [],
    sender: { id: 100 + conversationId, name: `Visitor ${conversationId}`, type: 'contact' },
    conversation: {
      assignee_id: assigneeId,
      unread_count: unread,
      last_activity_at: 5000 + id,
      contact_inbox: { source_id: null },
    },
    ...rest,
  } as unknown as MessagePushData
}

export const listAnswer = (payload: Conversation[], meta = { mine: 1, unassigned: 2, all: 3 }) =>
  Response.json({
    data: {
      meta: {
        mine_count: meta.mine,
        assigned_count: meta.mine,
        unassigned_count: meta.unassigned,
        all_count: meta.all,
      },
      payload,
    },
  })

/** The feed as the inbox uses it: the test pushes frames, fires resyncs and sets its state. */
export class FakeFeed implements LiveFeed {
  listeners = new Set<(frame: FeedFrame) => void>()
  resyncs = new Set<() => void>()
  state = signal<'connecting' | 'live' | 'offline'>('connecting')
  subscribe(listener: (frame: FeedFrame) => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  onResync(listener: () => void) {
    this.resyncs.add(listener)
    return () => this.resyncs.delete(listener)
  }
  push(frame: unknown) {
    for (const listener of this.listeners) listener(frame as FeedFrame)
  }
  resync() {
    for (const listener of this.resyncs) listener()
  }
  close() {}
}
