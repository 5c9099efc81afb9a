import { createRoute } from '@hono/zod-openapi'
import { updateContactStatement } from '../../db/queries/contacts'
import { errorResponses } from '../../errors'
import { changedAttributes } from '../../events/kinds'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { AccountAndIdParamsSchema, jsonBody, jsonResponse } from '../../schemas/common'
import { ContactPayloadSchema } from '../../schemas/contacts'
import { DestroyCustomAttributesSchema } from '../../schemas/contacts-input'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { base, contactJson, tags, visibleContact } from './shared'

const destroyCustomAttributes = createRoute({
  operationId: 'deleteContactCustomAttributes',
  method: 'post',
  path: `${base}/{id}/destroy_custom_attributes`,
  tags,
  security: accountSecurity,
  summary: "Remove keys from the contact's custom attributes",
  middleware: [unwrapBody('contact')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(DestroyCustomAttributesSchema) },
  responses: {
    200: jsonResponse(ContactPayloadSchema, 'The contact'),
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

export const contactAttributeRoutes = createRouter().openapi(destroyCustomAttributes, async (c) => {
  const { id } = c.req.valid('param')
  const { contact, contactInboxes } = await visibleContact(c, id)
  const removed = new Set(c.req.valid('json').custom_attributes)
  const customAttributes = Object.fromEntries(
    Object.entries(contact.customAttributes).filter(([key]) => !removed.has(key)),
  )
  const changes = changedAttributes(
    { custom_attributes: contact.customAttributes },
    { custom_attributes: customAttributes },
  )
  if (changes.length === 0) return c.json({ payload: contactJson(c, contact, contactInboxes) }, 200)
  const { accountId, db } = c.var
  const [[updated]] = await commitWithEvents(
    c,
    [updateContactStatement(db, accountId, id, { customAttributes })],
    [{ kind: 'contact_updated', accountId, contactId: id, changedAttributes: changes }],
  )
  if (!updated) throw new Error('contact update returned nothing')
  return c.json({ payload: contactJson(c, updated, contactInboxes) }, 200)
})
