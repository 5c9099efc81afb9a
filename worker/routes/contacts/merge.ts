import { createRoute } from '@hono/zod-openapi'
import { contactMergeWrite } from '../../contacts/merge'
import { apiError, errorResponses } from '../../errors'
import { removeRecordedFiles } from '../../files/deletions'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, jsonBody, jsonResponse } from '../../schemas/common'
import { ContactSchema } from '../../schemas/contacts'
import { ContactMergeSchema } from '../../schemas/contacts-input'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { contactJson, tags, trackedAttributes, visibleContact } from './shared'

const mergeContacts = createRoute({
  operationId: 'mergeContacts',
  method: 'post',
  path: '/api/v1/accounts/{account_id}/actions/contact_merge',
  tags,
  security: accountSecurity,
  summary: 'Merge a contact into another',
  description:
    "Chatwoot's contact merge: the mergee's conversations, contact inboxes, messages and labels " +
    "move to the base, the base's empty fields take the mergee's values (its attributes are " +
    'merged, its own keys first), and the mergee is deleted. Both contacts must be ones the ' +
    'caller may read (404 otherwise). Merging a contact with itself changes nothing. Answers ' +
    'the base contact, and emits contact_updated for it.',
  middleware: [unwrapBody('contact_merge')],
  request: { params: AccountIdParamsSchema, body: jsonBody(ContactMergeSchema) },
  responses: {
    200: jsonResponse(ContactSchema, 'The base contact'),
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

export const contactMergeRoutes = createRouter().openapi(mergeContacts, async (c) => {
  const { base_contact_id, mergee_contact_id } = c.req.valid('json')
  const [base, mergee] = await Promise.all([
    visibleContact(c, base_contact_id),
    visibleContact(c, mergee_contact_id),
  ])
  const links = [...base.contactInboxes, ...mergee.contactInboxes]
  if (base.contact.id === mergee.contact.id) {
    return c.json(contactJson(c, base.contact, base.contactInboxes), 200)
  }
  const write = contactMergeWrite(c.var.db, base.contact, mergee.contact, (row) =>
    trackedAttributes(c, row),
  )
  const results = await commitWithEvents(c, write.statements, write.events)
  const [merged] = results[write.statements.length - 1] as (typeof base.contact)[]
  if (!merged) throw apiError('not_found', `Contact ${base_contact_id} not found`)
  if (write.orphanedAvatar) await removeRecordedFiles(c.env, c.var.db, c.var.accountId)
  const contactInboxes = links.sort((a, b) => a.contactInbox.id - b.contactInbox.id)
  return c.json(contactJson(c, merged, contactInboxes), 200)
})
