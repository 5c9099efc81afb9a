import { beforeAll, describe, expect, it } from 'vitest'
import { api, createUser, expectError, PLATFORM_TOKEN, type World } from '../helpers'
import {
  conversationOf,
  conversationsOf,
  createVisitor,
  type PublicInbox,
  publicPath,
  publicScene,
  startConversation,
  type Visitor,
} from '../public-helpers'
import { BODILESS, type Carriage, send } from './body-requests'

type Scene = {
  world: World
  inbox: PublicInbox
  visitor: Visitor
  conversation: number
  account: string
}

let scene: Scene

beforeAll(async () => {
  const { world, inbox } = await publicScene()
  const visitor = await createVisitor(inbox, { name: 'Grace' })
  const { displayId } = await startConversation(inbox, visitor)
  scene = {
    world,
    inbox,
    visitor,
    conversation: displayId,
    account: `/api/v1/accounts/${world.accountId}`,
  }
})

const visitorPath = (s: Scene, rest = '') =>
  publicPath(s.inbox.identifier, `/contacts/${s.visitor.sourceId}${rest}`)
const visitorConversation = (s: Scene, rest = '') =>
  publicPath(s.inbox.identifier, `${conversationOf(s.visitor, s.conversation)}${rest}`)

/** A route, who calls it, and how it answers `{}`: its status, and the field a 422 names. */
type Case = {
  api: 'public' | 'application' | 'platform'
  method: string
  path: (s: Scene) => string | Promise<string>
  token: (s: Scene) => string | undefined
  status: number
  field?: string
}

const visitorCall = { api: 'public', token: () => undefined } as const
const adminCall = { api: 'application', token: (s: Scene) => s.world.admin.token } as const
const platformCall = { api: 'platform', token: () => PLATFORM_TOKEN } as const

const CASES: Case[] = [
  {
    ...visitorCall,
    method: 'POST',
    path: (s) => publicPath(s.inbox.identifier, conversationsOf(s.visitor)),
    status: 200,
  },
  { ...visitorCall, method: 'PATCH', path: (s) => visitorPath(s), status: 200 },
  { ...visitorCall, method: 'PUT', path: (s) => visitorPath(s), status: 200 },
  {
    ...visitorCall,
    method: 'POST',
    path: (s) => visitorConversation(s, '/toggle_typing'),
    status: 422,
    field: 'typing_status',
  },
  {
    ...visitorCall,
    method: 'POST',
    path: (s) => visitorConversation(s, '/messages'),
    status: 422,
    field: 'content',
  },
  {
    ...visitorCall,
    method: 'POST',
    path: (s) => visitorConversation(s, '/update_last_seen'),
    status: 200,
  },
  { ...adminCall, method: 'PATCH', path: (s) => s.account, status: 200 },
  {
    ...adminCall,
    method: 'POST',
    path: (s) => `${s.account}/conversations/${s.conversation}/toggle_status`,
    status: 200,
  },
  {
    ...adminCall,
    method: 'PUT',
    path: (s) => `${s.account}/contacts/${s.visitor.contactId}`,
    status: 200,
  },
  {
    ...adminCall,
    method: 'POST',
    path: (s) => `${s.account}/conversations/${s.conversation}/messages`,
    status: 422,
    field: 'content',
  },
  {
    ...adminCall,
    method: 'DELETE',
    path: (s) => `${s.account}/inbox_members`,
    status: 422,
    field: 'inbox_id',
  },
  {
    ...adminCall,
    method: 'DELETE',
    path: async (s) => {
      const label = await api(`${s.account}/labels`, {
        token: s.world.admin.token,
        body: { title: `gone-${crypto.randomUUID().slice(0, 8)}` },
      })
      return `${s.account}/labels/${label.json.id}`
    },
    status: 200,
  },
  {
    ...platformCall,
    method: 'PATCH',
    path: (s) => `/platform/api/v1/accounts/${s.world.accountId}`,
    status: 200,
  },
  {
    ...platformCall,
    method: 'POST',
    path: async () => `/platform/api/v1/users/${(await createUser()).id}/token`,
    status: 200,
  },
  {
    ...platformCall,
    method: 'DELETE',
    path: (s) => `/platform/api/v1/accounts/${s.world.accountId}/account_users`,
    status: 422,
    field: 'user_id',
  },
  {
    ...platformCall,
    method: 'POST',
    path: () => '/platform/api/v1/users',
    status: 422,
    field: 'name',
  },
]

describe('a request without a body is one without parameters, as in Rails', () => {
  for (const c of CASES) {
    describe(`${c.api} API: ${c.method}`, () => {
      for (const how of BODILESS) {
        it(`${c.status === 200 ? 'succeeds' : `answers ${c.status}`} with ${how.name}`, async () => {
          const path = await c.path(scene)
          const res = await send(c.method, path, c.token(scene), how)
          expect({ path, status: res.status }).toEqual({ path, status: c.status })
          if (c.field) {
            expectError(res, 422)
            expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(c.field)
          }
        })
      }
    })
  }
})

describe('bodies that are neither JSON nor a form', () => {
  const refused: [string, number, Carriage][] = [
    ['unsupported_media_type', 415, { name: 'text', contentType: 'text/plain', body: 'name=x' }],
    ['unsupported_media_type', 415, { name: 'XML', contentType: 'application/xml', body: '<a/>' }],
    [
      'unsupported_media_type',
      415,
      {
        name: 'multipart',
        contentType: 'multipart/form-data; boundary=x',
        body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--\r\n',
      },
    ],
    [
      'bad_request',
      400,
      { name: 'malformed JSON', contentType: 'application/json', body: '{"name":' },
    ],
  ]
  const routes: [string, (s: Scene) => string, (s: Scene) => string | undefined][] = [
    ['public', (s) => publicPath(s.inbox.identifier, '/contacts'), () => undefined],
    ['application', (s) => `${s.account}/inboxes`, (s) => s.world.admin.token],
    ['platform', () => '/platform/api/v1/accounts', () => PLATFORM_TOKEN],
  ]
  for (const [where, path, token] of routes) {
    it(`${where} API: a JSON-only route refuses them in the envelope`, async () => {
      for (const [code, status, how] of refused) {
        const res = await send('POST', path(scene), token(scene), how)
        expect({ how: how.name, status: res.status }).toEqual({ how: how.name, status })
        expectError(res, status, code)
      }
    })
  }
})
