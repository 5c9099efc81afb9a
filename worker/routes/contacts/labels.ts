import { createRoute, z } from '@hono/zod-openapi'
import { listContactLabels, replaceContactLabelsStatements } from '../../db/queries/contact-labels'
import { errorResponses } from '../../errors'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { AccountAndIdParamsSchema, jsonBody, jsonResponse } from '../../schemas/common'
import { ContactLabelsInputSchema } from '../../schemas/contacts-input'
import { createRouter } from '../router'
import { base, tags, visibleContact } from './shared'

const LabelsSchema = z.object({ payload: z.array(z.string()) }).openapi('ContactLabels', {
  example: { payload: ['billing', 'vip'] },
})

const listLabels = createRoute({
  operationId: 'listContactLabels',
  method: 'get',
  path: `${base}/{id}/labels`,
  tags,
  security: accountSecurity,
  summary: "The contact's labels",
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(LabelsSchema, 'Labels, alphabetically'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const replaceLabels = createRoute({
  operationId: 'addContactLabels',
  method: 'post',
  path: `${base}/{id}/labels`,
  tags,
  security: accountSecurity,
  summary: "Replace the contact's labels",
  description: 'The list given becomes the whole list (lower-cased, duplicates dropped).',
  middleware: [unwrapBody('contact')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(ContactLabelsInputSchema) },
  responses: {
    200: jsonResponse(LabelsSchema, 'The labels now on the contact'),
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

export const contactLabelRoutes = createRouter()
  .openapi(listLabels, async (c) => {
    const { id } = c.req.valid('param')
    await visibleContact(c, id)
    return c.json({ payload: await listContactLabels(c.var.db, c.var.accountId, id) }, 200)
  })
  .openapi(replaceLabels, async (c) => {
    const { id } = c.req.valid('param')
    await visibleContact(c, id)
    const labels = [...new Set(c.req.valid('json').labels.map((l) => l.toLowerCase()))].sort()
    await c.var.db.batch(replaceContactLabelsStatements(c.var.db, c.var.accountId, id, labels))
    return c.json({ payload: labels }, 200)
  })
