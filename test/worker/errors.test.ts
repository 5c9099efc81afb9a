import { SELF } from 'cloudflare:test'
import { OpenAPIHono } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { apiError, FIELD_ERROR_CODES, issuesToFieldErrors } from '../../worker/errors'
import { renderError } from '../../worker/middleware/render-error'
import { carryRequestId, requestIdFor } from '../../worker/middleware/request-id'
import { api, createWorld, expectError, PLATFORM_TOKEN } from './helpers'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('the error envelope', () => {
  it('answers an unknown route with 404', async () => {
    expectError(await api('/no/such/route'), 404, 'not_found')
    const world = await createWorld()
    expectError(
      await api(`/api/v1/accounts/${world.accountId}/nothing-here`, { token: world.admin.token }),
      404,
      'not_found',
    )
  })

  it('answers malformed JSON with 400', async () => {
    const res = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: '{"name": "Acme",',
    })
    expectError(res, 400, 'bad_request')
  })

  it('answers a body that is neither JSON nor a form with 415', async () => {
    const res = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: 'name=Acme',
      headers: { 'content-type': 'text/plain' },
    })
    expectError(res, 415, 'unsupported_media_type')
  })

  it('answers a body over 1 MB with 413 when it declares its length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) })
    const res = await api('/platform/api/v1/accounts', { token: PLATFORM_TOKEN, body: big })
    expectError(res, 413, 'payload_too_large')
  })

  it('answers a chunked body over 1 MB with 413 although no length was declared', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"'))
        if (sent++ < 20) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const { SELF } = await import('cloudflare:test')
    const res = await SELF.fetch('http://parley.test/platform/api/v1/accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', api_access_token: PLATFORM_TOKEN },
      body: stream,
      // @ts-expect-error: workerd needs duplex for streamed request bodies
      duplex: 'half',
    })
    expectError({ status: res.status, json: await res.json() }, 413, 'payload_too_large')
  })

  it('renders a failure with no internals as 500', async () => {
    const app = new OpenAPIHono()
    app.get('/boom', () => {
      throw new Error('D1_ERROR: secret table users_private exploded at /src/db.ts:42')
    })
    app.onError(renderError)
    const res = await app.request('/boom')
    const text = await res.text()
    expect(res.status).toBe(500)
    expect(text).not.toMatch(/secret|users_private|db\.ts/)
    expect(JSON.parse(text)).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side',
      description: 'Something went wrong on our side',
      errors: [],
      request_id: expect.stringMatching(UUID),
    })
  })

  it('renders a lost unique-index race as 422 naming the field', async () => {
    const app = new OpenAPIHono()
    app.get('/race', () => {
      throw new Error(
        'D1_ERROR: UNIQUE constraint failed: contacts.account_id, contacts.email: SQLITE_CONSTRAINT',
      )
    })
    app.onError(renderError)
    const res = await app.request('/race')
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
      { field: 'email', message: 'has already been taken', code: 'taken' },
    ])
  })

  it('renders an apiError with its status and field errors', async () => {
    const app = new OpenAPIHono()
    app.get('/teapot', () => {
      throw apiError('rate_limited', 'Slow down', [], { 'retry-after': '7' })
    })
    app.onError(renderError)
    const res = await app.request('/teapot')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('7')
  })

  it('sets secure headers on every response', async () => {
    const res = await api('/health')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('strict-transport-security')).toContain('max-age')
  })
})

describe('field error codes', () => {
  it('come from the one enum, whichever kind of validation failed', async () => {
    const world = await createWorld()
    const base = `/api/v1/accounts/${world.accountId}`
    const token = world.admin.token
    const created = await api(`${base}/teams`, { token, body: { name: 'support' } })
    expect(created.status).toBe(200)
    const answers = [
      await api(`${base}/teams`, { token, body: {} }),
      await api(`${base}/teams`, { token, body: { name: '' } }),
      await api(`${base}/teams`, { token, body: { name: 'x'.repeat(300) } }),
      await api(`${base}/teams`, { token, body: { name: 'support' } }),
      await api(`${base}/webhooks`, { token, body: { url: 'not a url', subscriptions: ['x'] } }),
    ]
    const codes = answers.flatMap((res) => {
      expectError(res, 422, 'validation_failed')
      return res.json.errors.map((e: { code: string }) => e.code)
    })
    const known: readonly string[] = FIELD_ERROR_CODES
    expect(codes.filter((code) => !known.includes(code))).toEqual([])
    expect(new Set(codes)).toEqual(
      new Set(['invalid_type', 'too_small', 'too_big', 'taken', 'invalid_format', 'custom']),
    )
  })

  it('map a zod issue code the enum does not know onto invalid', () => {
    const issues = [
      { path: ['a'], message: 'no', code: 'too_big' },
      { path: ['b'], message: 'no', code: 'a_code_zod_adds_later' },
    ]
    expect(issuesToFieldErrors(issues).map((e) => e.code)).toEqual(['too_big', 'invalid'])
  })

  it('are listed, exactly, by the Error schema of /openapi.json', async () => {
    const res = await api('/openapi.json')
    const fieldError = res.json.components.schemas.Error.properties.errors.items
    expect(fieldError.properties.code.enum).toEqual([...FIELD_ERROR_CODES])
    expect(fieldError.properties.code.description).toEqual(expect.any(String))
  })
})

describe('request ids', () => {
  it('are in the x-request-id header of successes and errors, and in every error envelope', async () => {
    const world = await createWorld()
    const base = `/api/v1/accounts/${world.accountId}`
    const answers = [
      [await api('/health'), 200],
      [await api('/api/v1/profile', { token: world.admin.token }), 200],
      [await api(`${base}/teams`, { token: world.admin.token, body: '{"name":' }), 400],
      [await api('/api/v1/profile'), 401],
      [await api(`${base}/webhooks`, { token: world.agent.token }), 403],
      [await api('/no/such/route'), 404],
      [await api('/health', { method: 'DELETE' }), 404],
      [await api(`${base}/teams`, { token: world.admin.token, body: {} }), 422],
    ] as const
    const ids = new Set<string>()
    for (const [res, status] of answers) {
      const id = res.headers.get('x-request-id')
      expect({ status: res.status, id }).toEqual({ status, id: expect.stringMatching(UUID) })
      if (status >= 400) expect(res.json.request_id).toBe(id)
      ids.add(id ?? '')
    }
    expect(ids.size).toBe(answers.length)
  })

  it('are on a CORS preflight of the public API', async () => {
    const res = await SELF.fetch('http://parley.test/public/api/v1/inboxes/anything/contacts', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('x-request-id')).toMatch(UUID)
  })

  it("take Cloudflare's cf-ray, never a malformed one or the client's own x-request-id", async () => {
    const ray = '8f1e2d3c4b5a6978-CDG'
    const withRay = await api('/no/such/route', { headers: { 'cf-ray': ray } })
    expect(withRay.headers.get('x-request-id')).toBe(ray)
    expect(withRay.json.request_id).toBe(ray)
    const refusedIds: Record<string, string>[] = [
      { 'cf-ray': '<script>alert(1)</script>' },
      { 'cf-ray': 'a'.repeat(65) },
      { 'x-request-id': 'chosen-by-the-client' },
    ]
    for (const headers of refusedIds) {
      const res = await api('/no/such/route', { headers })
      expect(res.headers.get('x-request-id'), JSON.stringify(headers)).toMatch(UUID)
      expect(res.json.request_id).toBe(res.headers.get('x-request-id'))
    }
  })

  it('stay the same when a request is answered again after a stale credential', () => {
    const replay = carryRequestId(new Request('http://parley.test/api/v1/profile'), 'first-id')
    expect(requestIdFor(replay)).toBe('first-id')
    expect(requestIdFor(new Request('http://parley.test/api/v1/profile'))).toMatch(UUID)
  })
})
