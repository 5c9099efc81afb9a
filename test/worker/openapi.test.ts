import { describe, expect, it } from 'vitest'
import { api } from './helpers'

describe('GET /openapi.json', () => {
  it('makes a named schema nullable with anyOf, never an allOf that no null satisfies', async () => {
    const res = await api('/openapi.json')
    const broken: string[] = []
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return
      const allOf = (node as { allOf?: { $ref?: string; type?: unknown }[] }).allOf
      const nullable = (part: { type?: unknown }) =>
        part.type === 'null' || (Array.isArray(part.type) && part.type.includes('null'))
      if (allOf?.some((part) => part.$ref) && allOf.some(nullable)) broken.push(at)
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`)
    }
    walk(res.json, '#')
    expect(broken).toEqual([])
    const conversation = res.json.components.schemas.Conversation
    expect(conversation.properties.last_non_activity_message).toEqual({
      anyOf: [{ $ref: '#/components/schemas/MessagePushData' }, { type: 'null' }],
    })
  })

  it('is an OpenAPI 3.1 document generated from the routes', async () => {
    const res = await api('/openapi.json')
    expect(res.status).toBe(200)
    expect(res.json.openapi).toBe('3.1.0')
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining([
        '/platform/api/v1/accounts',
        '/platform/api/v1/users/{id}/token',
        '/api/v1/accounts/{account_id}',
        '/api/v1/profile',
        '/api/v1/accounts/{account_id}/inboxes',
      ]),
    )
    expect(res.json.components.schemas.Error.required).toEqual(
      expect.arrayContaining(['error', 'message', 'description', 'errors', 'request_id']),
    )
    expect(res.json.components.securitySchemes.api_access_token).toMatchObject({
      type: 'apiKey',
      in: 'header',
    })
  })

  it("lists none of the benchmark's routes (they live in bench/worker)", async () => {
    const res = await api('/openapi.json')
    expect(Object.keys(res.json.paths).filter((path) => path.startsWith('/bench'))).toEqual([])
    expect(JSON.stringify(res.json)).not.toContain('Benchmark')
  })
})

describe('/bench/*', () => {
  it('does not exist in production', async () => {
    for (const [method, path] of [
      ['GET', '/bench/baseline'],
      ['GET', '/bench/rooms/one/live'],
      ['POST', '/bench/rooms/one/broadcast'],
    ] as const) {
      const res = await api(path, { method, body: method === 'POST' ? { text: 'x' } : undefined })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.headers.get('x-d1-round-trips')).toBeNull()
    }
  })
})

describe('GET /docs', () => {
  it('renders an API reference page listing the operations', async () => {
    const res = await api('/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.text).toContain('/api/v1/profile')
    expect(res.text).toContain('Create a user')
  })

  it('loads Swagger UI from this origin under a CSP without inline script or style', async () => {
    const res = await api('/docs')
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("style-src 'self'")
    expect(policy).not.toContain('unsafe-inline')
    expect(res.text).toContain('<script src="/reference/swagger-ui-bundle.js"></script>')
    expect(res.text).toContain('<script src="/reference/init.js"></script>')
    expect(res.text).not.toMatch(/<script>|<style>|style="|(src|href)="https?:/)
  })
})
