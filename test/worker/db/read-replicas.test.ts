import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { BOOKMARK_HEADER, openSession } from '../../../worker/db/read-replicas'
import { api, createWorld } from '../helpers'

/** The real shard, recording the constraint each session was opened with. */
function recordingShard() {
  const constraints: string[] = []
  const binding = new Proxy(env.SHARD_0, {
    get(target, prop) {
      if (prop === 'withSession') {
        return (constraint: string) => {
          constraints.push(constraint)
          return target.withSession(constraint)
        }
      }
      const value = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { binding, constraints }
}

const request = (method: string, path: string, headers: Record<string, string> = {}) =>
  new Request(`http://parley.test${path}`, { method, headers })

describe('D1 sessions (read replicas)', () => {
  it('starts writes and every request with a credential at the primary, whatever bookmark it sends', async () => {
    const { binding, constraints } = recordingShard()
    const primary = env.SHARD_0.withSession('first-primary')
    await primary.prepare('select 1').first()
    const sent = { [BOOKMARK_HEADER]: primary.getBookmark() ?? '' }
    expect(sent[BOOKMARK_HEADER]).not.toBe('')
    openSession(binding, request('POST', '/api/v1/accounts/1/contacts', sent))
    openSession(
      binding,
      request('GET', '/api/v1/accounts/1/contacts', { ...sent, api_access_token: 't' }),
    )
    openSession(binding, request('GET', '/api/v1/profile', { ...sent, cookie: 'parley_session=x' }))
    openSession(
      binding,
      request('GET', '/public/api/v1/inboxes/abc/contacts/src/conversations', sent),
    )
    expect(constraints).toEqual([
      'first-primary',
      'first-primary',
      'first-primary',
      'first-primary',
    ])
  })

  it('lets an anonymous read start at a replica, at least as new as a bookmark it sends back', async () => {
    const { binding, constraints } = recordingShard()
    const session = binding.withSession('first-primary')
    await session.prepare('select 1').first()
    const bookmark = session.getBookmark() as string
    constraints.length = 0
    openSession(binding, request('GET', '/public/api/v1/inboxes/abc'))
    openSession(
      binding,
      request('GET', '/public/api/v1/inboxes/abc', { [BOOKMARK_HEADER]: bookmark }),
    )
    openSession(
      binding,
      request('GET', '/public/api/v1/inboxes/abc', { [BOOKMARK_HEADER]: 'not a bookmark' }),
    )
    expect(constraints).toEqual(['first-unconstrained', bookmark, 'first-unconstrained'])
  })

  it('sends the session’s bookmark with every answer that read D1, and takes it back', async () => {
    const world = await createWorld()
    const first = await api(`/api/v1/accounts/${world.accountId}/contacts`, {
      token: world.admin.token,
    })
    expect(first.status).toBe(200)
    const bookmark = first.headers.get(BOOKMARK_HEADER)
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/)
    const again = await api(`/api/v1/accounts/${world.accountId}/contacts`, {
      token: world.admin.token,
      headers: { [BOOKMARK_HEADER]: bookmark as string },
    })
    expect(again.status).toBe(200)
    expect(again.headers.get(BOOKMARK_HEADER)).toBeTruthy()
  })
})
