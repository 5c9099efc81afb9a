import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  type AttributeModel,
  deleteDefinition,
  findDefinition,
  findDefinitionByKey,
  insertDefinition,
  listDefinitions,
  updateDefinition,
} from '../db/queries/custom-attributes'
import type { AppEnv } from '../env'
import { apiError, errorResponses, type FieldError, fieldError, validationError } from '../errors'
import { unwrapBody } from '../middleware/body'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import {
  DefinitionInputSchema,
  DefinitionListQuerySchema,
  DefinitionSchema,
  DefinitionUpdateSchema,
  type DisplayType,
  toDefinition,
} from '../schemas/custom-attributes'
import { administratorsOnly } from './agents/shared'
import { createRouter } from './router'

const tags = ['Custom Attributes']
const base = '/api/v1/accounts/{account_id}/custom_attribute_definitions'

async function definitionOr404(c: Context<AppEnv>, id: number) {
  const definition = await findDefinition(c.var.db, c.var.accountId, id)
  if (!definition) throw apiError('not_found', `Custom attribute definition ${id} not found`)
  return definition
}

/** The rules that span fields, checked on the definition as it will be stored. */
async function checkDefinition(
  c: Context<AppEnv>,
  def: { key: string; model: AttributeModel; type: DisplayType; values: string[] },
  exceptId?: number,
) {
  const errors: FieldError[] = []
  if (def.type === 'list' && def.values.length === 0) {
    errors.push(fieldError('attribute_values', 'must list the choices of a list', 'required'))
  }
  const other = await findDefinitionByKey(c.var.db, c.var.accountId, def.model, def.key)
  if (other && other.id !== exceptId) {
    errors.push(fieldError('attribute_key', 'has already been taken', 'taken'))
  }
  if (errors.length > 0) throw validationError(errors)
}

const listRoute = createRoute({
  operationId: 'listCustomAttributes',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "List the account's custom attribute definitions",
  description:
    '`attribute_model` is 0 or conversation_attribute, 1 or contact_attribute; without it every ' +
    'definition of the account is listed.',
  request: { params: AccountIdParamsSchema, query: DefinitionListQuerySchema },
  responses: {
    200: jsonResponse(z.array(DefinitionSchema), 'Definitions'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const showRoute = createRoute({
  operationId: 'getCustomAttribute',
  method: 'get',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Show a custom attribute definition',
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(DefinitionSchema, 'The definition'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createRouteDef = createRoute({
  operationId: 'createCustomAttribute',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Define a custom attribute (administrators)',
  middleware: [administratorsOnly, unwrapBody('custom_attribute_definition')],
  request: { params: AccountIdParamsSchema, body: jsonBody(DefinitionInputSchema) },
  responses: {
    200: jsonResponse(DefinitionSchema, 'The new definition'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'not_found',
      'rate_limited',
    ),
  },
})

const updateRoute = createRoute({
  operationId: 'updateCustomAttribute',
  method: 'patch',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Update a custom attribute definition (administrators)',
  middleware: [administratorsOnly, unwrapBody('custom_attribute_definition')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(DefinitionUpdateSchema) },
  responses: {
    200: jsonResponse(DefinitionSchema, 'The updated definition'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const deleteRoute = createRoute({
  operationId: 'deleteCustomAttribute',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a custom attribute definition (administrators)',
  description: 'Values already stored on contacts and conversations are kept.',
  middleware: [administratorsOnly],
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

export const customAttributeDefinitionRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { attribute_model } = c.req.valid('query')
    const rows = await listDefinitions(c.var.db, c.var.accountId, attribute_model)
    return c.json(rows.map(toDefinition), 200)
  })
  .openapi(showRoute, async (c) => {
    return c.json(toDefinition(await definitionOr404(c, c.req.valid('param').id)), 200)
  })
  .openapi(createRouteDef, async (c) => {
    const body = c.req.valid('json')
    const values = body.attribute_values ?? []
    await checkDefinition(c, {
      key: body.attribute_key,
      model: body.attribute_model,
      type: body.attribute_display_type,
      values,
    })
    const row = await insertDefinition(c.var.db, {
      accountId: c.var.accountId,
      attributeKey: body.attribute_key,
      attributeDisplayName: body.attribute_display_name,
      attributeDisplayType: body.attribute_display_type,
      attributeModel: body.attribute_model,
      attributeDescription: body.attribute_description,
      attributeValues: values,
      regexPattern: body.regex_pattern,
    })
    if (!row) throw new Error('custom attribute definition insert returned nothing')
    return c.json(toDefinition(row), 200)
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const current = await definitionOr404(c, id)
    await checkDefinition(
      c,
      {
        key: body.attribute_key ?? current.attributeKey,
        model: body.attribute_model ?? current.attributeModel,
        type: body.attribute_display_type ?? current.attributeDisplayType,
        values: body.attribute_values ?? current.attributeValues,
      },
      id,
    )
    const row = await updateDefinition(c.var.db, c.var.accountId, id, {
      attributeKey: body.attribute_key,
      attributeDisplayName: body.attribute_display_name,
      attributeDisplayType: body.attribute_display_type,
      attributeModel: body.attribute_model,
      attributeDescription: body.attribute_description,
      attributeValues: body.attribute_values,
      regexPattern: body.regex_pattern,
    })
    if (!row) throw apiError('not_found', `Custom attribute definition ${id} not found`)
    return c.json(toDefinition(row), 200)
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteDefinition(c.var.db, c.var.accountId, id))) {
      throw apiError('not_found', `Custom attribute definition ${id} not found`)
    }
    return c.json({}, 200)
  })
