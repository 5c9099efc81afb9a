import { beforeAll, describe, expect, it } from 'vitest'
import { api } from './helpers'
import {
  type Components,
  exampleOf,
  type SchemaNode,
  zodSchemasByOperation,
} from './openapi-examples'

type Media = { schema?: SchemaNode }
type Operation = {
  operationId?: string
  tags?: string[]
  requestBody?: { content?: Record<string, Media> }
  responses: Record<string, { content?: Record<string, Media> }>
}
type Document = {
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, Operation>>
  webhooks?: Record<string, Record<string, Operation>>
  components: { schemas: Components }
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete'])

let doc: Document
let operations: { key: string; op: Operation }[]

beforeAll(async () => {
  doc = (await api('/openapi.json')).json as Document
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  )
})

const jsonSchemaOf = (media?: Record<string, Media>) => media?.['application/json']?.schema
const isSuccess = (status: string) => status.startsWith('2')

describe('/openapi.json operations', () => {
  it('documents every operation (about 150)', () => {
    expect(operations.length).toBeGreaterThan(150)
  })

  it('gives every operation a unique camelCase operationId', () => {
    const missing = operations.filter(({ op }) => !op.operationId).map(({ key }) => key)
    expect(missing).toEqual([])
    const ids = operations.map(({ op }) => op.operationId as string)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id))).toEqual([])
  })

  it('gives every operation exactly one tag, listed once with a description at the top', () => {
    const listed = (doc.tags ?? []).map((tag) => tag.name)
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([])
    expect((doc.tags ?? []).filter((tag) => !tag.description)).toEqual([])
    const wrong = operations
      .filter(({ op }) => op.tags?.length !== 1 || !listed.includes(op.tags[0] as string))
      .map(({ key, op }) => `${key}: ${op.tags}`)
    expect(wrong).toEqual([])
    // The top-level webhooks (events Parley sends) may use tags of their own.
    const webhookOperations = Object.values(doc.webhooks ?? {}).flatMap((item) =>
      Object.values(item),
    )
    const used = new Set(
      [...operations, ...webhookOperations.map((op) => ({ op }))].map(({ op }) => op.tags?.[0]),
    )
    expect(listed.filter((name) => !used.has(name))).toEqual([])
  })

  it('has a request example for every JSON body', () => {
    const missing = operations
      .filter(({ op }) => {
        const schema = jsonSchemaOf(op.requestBody?.content)
        return schema && exampleOf(schema, doc.components.schemas) === undefined
      })
      .map(({ key }) => key)
    expect(missing).toEqual([])
  })

  it('has a response example for every JSON success (WebSocket upgrades answer 101)', () => {
    const missing = operations.flatMap(({ key, op }) =>
      Object.entries(op.responses)
        .filter(([status]) => isSuccess(status))
        .filter(([, response]) => {
          const schema = jsonSchemaOf(response.content)
          return schema && exampleOf(schema, doc.components.schemas) === undefined
        })
        .map(([status]) => `${key} ${status}`),
    )
    expect(missing).toEqual([])
    const withoutJson = operations.flatMap(({ key, op }) =>
      Object.entries(op.responses)
        .filter(([status, response]) => isSuccess(status) && !jsonSchemaOf(response.content))
        .map(([status]) => `${key} ${status}`),
    )
    // Only file downloads (CSV for contacts), the launcher's stylesheet and Twilio's webhooks
    // (empty TwiML, or no content) answer a success with something other than JSON.
    expect(withoutJson).toEqual([
      'GET /api/v1/accounts/{account_id}/contacts/imports/{import_id}/failed_rows 200',
      'GET /downloads/contact_exports/{export_id} 200',
      'GET /files/{kind}/{uuid}/{name} 200',
      'GET /public/api/v1/inboxes/{inbox_identifier}/launcher.css 200',
      'POST /twilio/callback 200',
      'POST /twilio/delivery_status 204',
    ])
  })

  it('describes every error with the Error envelope', () => {
    const wrong = operations.flatMap(({ key, op }) =>
      Object.entries(op.responses)
        .filter(([status]) => /^[45]/.test(status))
        .filter(
          ([, response]) => jsonSchemaOf(response.content)?.$ref !== '#/components/schemas/Error',
        )
        .map(([status]) => `${key} ${status}`),
    )
    expect(wrong).toEqual([])
    const errorCount = operations.flatMap(({ op }) =>
      Object.keys(op.responses).filter((status) => /^[45]/.test(status)),
    ).length
    expect(errorCount).toBeGreaterThan(operations.length)
  })

  it('has examples that their own zod schemas accept', () => {
    const schemas = zodSchemasByOperation()
    const failures: string[] = []
    let checked = 0
    for (const { key, op } of operations) {
      const zod = schemas.get(key)
      expect(zod, key).toBeDefined()
      const check = (where: string, node: SchemaNode | undefined, schema: unknown) => {
        if (!node || !schema) return
        const example = exampleOf(node, doc.components.schemas)
        if (example === undefined) return
        checked++
        const result = (
          schema as { safeParse(v: unknown): { success: boolean; error?: unknown } }
        ).safeParse(example)
        if (!result.success) failures.push(`${key} ${where}: ${String(result.error)}`)
      }
      for (const [media, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
        check(media, schema, zod?.body[media])
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (isSuccess(status)) check(status, jsonSchemaOf(response.content), zod?.responses[status])
      }
    }
    expect(failures).toEqual([])
    expect(checked).toBeGreaterThan(operations.length)
  })
})
