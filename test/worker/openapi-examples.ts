import type { z } from '@hono/zod-openapi'
import { createApp } from '../../worker/app'

/** A JSON Schema node of the generated document (only what the checks read). */
export type SchemaNode = {
  $ref?: string
  example?: unknown
  type?: string | string[]
  items?: SchemaNode
  properties?: Record<string, SchemaNode>
  required?: string[]
  anyOf?: SchemaNode[]
  oneOf?: SchemaNode[]
  allOf?: SchemaNode[]
}

export type Components = Record<string, SchemaNode>

/**
 * The example a reader of the document sees for `node`: its own, its `$ref`'s, or one built from
 * its parts (an array of its item's example; an object of its properties' examples when every
 * required property has one), so a schema's one example serves every schema that wraps it.
 */
export function exampleOf(node: SchemaNode | undefined, components: Components): unknown {
  if (!node) return undefined
  if (node.example !== undefined) return node.example
  if (node.$ref)
    return exampleOf(components[node.$ref.replace('#/components/schemas/', '')], components)
  for (const branch of node.anyOf ?? node.oneOf ?? []) {
    const example = exampleOf(branch, components)
    if (example !== undefined) return example
  }
  if (node.allOf) {
    const parts = node.allOf.map((part) => exampleOf(part, components))
    if (parts.some((part) => part === undefined)) return undefined
    return Object.assign({}, ...parts)
  }
  if (node.items) {
    const item = exampleOf(node.items, components)
    return item === undefined ? undefined : [item]
  }
  if (node.properties) {
    const example: Record<string, unknown> = {}
    for (const [key, property] of Object.entries(node.properties)) {
      const value = exampleOf(property, components)
      if (value !== undefined) example[key] = value
      else if (node.required?.includes(key)) return undefined
    }
    return example
  }
  return undefined
}

type JsonContent = { content?: Record<string, { schema?: z.ZodType }> }
type RouteDefinition = {
  method: string
  path: string
  request?: { body?: JsonContent }
  responses: Record<string, JsonContent>
}

/**
 * The zod schemas behind each operation's request body (per media type: JSON and forms) and JSON
 * responses, keyed `METHOD path`.
 */
export function zodSchemasByOperation() {
  const app = createApp()
  const byOperation = new Map<
    string,
    {
      body: Record<string, z.ZodType | undefined>
      responses: Record<string, z.ZodType | undefined>
    }
  >()
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue
    const route = definition.route as unknown as RouteDefinition
    const responses = Object.fromEntries(
      Object.entries(route.responses).map(([status, response]) => [
        status,
        response.content?.['application/json']?.schema,
      ]),
    )
    byOperation.set(`${route.method.toUpperCase()} ${route.path}`, {
      body: Object.fromEntries(
        Object.entries(route.request?.body?.content ?? {}).map(([media, { schema }]) => [
          media,
          schema,
        ]),
      ),
      responses,
    })
  }
  return byOperation
}
