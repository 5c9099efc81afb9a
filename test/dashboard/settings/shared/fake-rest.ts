import { createApiClient } from '../../../../dashboard/src/api/client'

export const ACCOUNT = 1
const PREFIX = `/api/v1/accounts/${ACCOUNT}`

export interface Call {
  method: string
  /** The path after /api/v1/accounts/1 ("/labels/3"). */
  path: string
  query: URLSearchParams
  body: Record<string, unknown> | undefined
}

type Item = { id: number } & Record<string, unknown>

export interface FakeRestOptions {
  /** The account's collections by path ("/labels"), as the API lists them. */
  collections: Record<string, Item[]>
  /** Collections the API wraps ("/labels" answers `{payload: [...]}`). */
  wrapped?: string[]
  /** Answers a call before the collections do (a 422, a sub-resource). */
  answer?(call: Call): Response | undefined
}

/** A 422 in the API's envelope naming one field. */
export function refusal(field: string, message: string) {
  return Response.json(
    {
      error: 'validation_failed',
      message: `${field} ${message}`,
      description: `${field} ${message}`,
      errors: [{ field, message, code: 'invalid' }],
      request_id: 'test',
    },
    { status: 422 },
  )
}

/**
 * The account's API as an in-memory store: list, create, update and delete on each collection,
 * every call kept (with its body) for assertions.
 */
export function fakeRest(options: FakeRestOptions) {
  const calls: Call[] = []
  let nextId = 100
  const fetcher = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url)
    const text = request.method === 'GET' ? '' : await request.text()
    const call: Call = {
      method: request.method,
      path: url.pathname.slice(PREFIX.length),
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    }
    calls.push(call)
    return options.answer?.(call) ?? collectionAnswer(call)
  }
  const collectionAnswer = (call: Call) => {
    const [, name, id] = call.path.split('/')
    const key = `/${name}`
    const items = options.collections[key]
    if (!items) return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 })
    if (id === undefined && call.method === 'GET') {
      return Response.json(options.wrapped?.includes(key) ? { payload: items } : items)
    }
    if (id === undefined && call.method === 'POST') {
      const item = { ...call.body, id: nextId++ } as Item
      items.push(item)
      return Response.json(item)
    }
    const index = items.findIndex((item) => item.id === Number(id))
    if (index < 0)
      return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 })
    if (call.method === 'DELETE') {
      items.splice(index, 1)
      return Response.json({})
    }
    items[index] = { ...items[index], ...call.body } as Item
    return Response.json(items[index])
  }
  return {
    api: createApiClient('https://parley.test', fetcher as typeof fetch),
    calls,
    /** The calls made with this method to this path. */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  }
}
