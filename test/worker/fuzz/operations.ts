import { SELF } from 'cloudflare:test'
import type { Components, JsonSchema } from './schema-arbitrary'
import type { IdKind, KeyKind } from './world'

export type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema }

export type Operation = {
  key: string
  method: string
  path: string
  parameters: Parameter[]
  /** Media type → schema of the request body, when the operation takes one. */
  body?: Record<string, JsonSchema>
  bodyRequired: boolean
  statuses: Set<number>
  authenticated: boolean
}

export type OpenApiDocument = {
  paths: Record<string, Record<string, JsonSchema>>
  components: { schemas: Components }
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete'])

export async function fetchDocument(): Promise<OpenApiDocument> {
  const res = await SELF.fetch('http://parley.test/openapi.json')
  if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`)
  return (await res.json()) as OpenApiDocument
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      const content = op.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content
          ? Object.fromEntries(Object.entries(content).map(([type, c]) => [type, c.schema]))
          : undefined,
        bodyRequired: Boolean(op.requestBody?.required),
        statuses: new Set(Object.keys(op.responses ?? {}).map(Number)),
        authenticated: Array.isArray(op.security) && op.security.length > 0,
      })
    }
  }
  return operations
}

export const pathParams = (op: Operation) => op.parameters.filter((p) => p.in === 'path')
export const isPlatform = (op: Operation) => op.path.startsWith('/platform/')
export const isApplication = (op: Operation) => op.path.startsWith('/api/v1/')

const BY_SEGMENT: Record<string, IdKind> = {
  accounts: 'account',
  users: 'user',
  agents: 'user',
  agent_bots: 'agent_bot',
  inboxes: 'inbox',
  inbox_members: 'inbox',
  contacts: 'contact',
  conversations: 'conversation',
  messages: 'message',
  teams: 'team',
  labels: 'label',
  canned_responses: 'canned_response',
  custom_attribute_definitions: 'custom_attribute_definition',
  products: 'product',
  funnels: 'funnel',
  stages: 'stage',
  checklist: 'checklist_item',
  webhooks: 'webhook',
  deliveries: 'delivery',
  notifications: 'notification',
}

const BY_NAME: Record<string, IdKind | KeyKind> = {
  account_id: 'account',
  user_id: 'user',
  assignee_id: 'user',
  agent_bot_id: 'agent_bot',
  inbox_id: 'inbox',
  contact_id: 'contact',
  conversation_id: 'conversation',
  message_id: 'message',
  team_id: 'team',
  label_id: 'label',
  product_id: 'product',
  funnel_id: 'funnel',
  stage_id: 'stage',
  item_id: 'checklist_item',
  webhook_id: 'webhook',
  delivery_id: 'delivery',
  note_id: 'contact_note',
  move_to: 'stage',
  inbox_identifier: 'inbox_identifier',
  website_token: 'inbox_identifier',
  contact_identifier: 'contact_identifier',
  // The public API's path names the contact by its source_id.
  source_id: 'contact_identifier',
  user_ids: 'user',
  stage_ids: 'stage',
}

/**
 * What a parameter or body field names, by its name or (for a bare `{id}`) the path segment
 * before it; undefined for anything else (generated freely). A guess, good enough to aim ids:
 * the isolation matrix keeps the exact map.
 */
export function kindOf(name: string, path = ''): IdKind | KeyKind | undefined {
  if (name !== 'id') return BY_NAME[name]
  const segments = path.split('/')
  const at = segments.indexOf('{id}')
  return BY_SEGMENT[segments[at - 1] ?? '']
}
