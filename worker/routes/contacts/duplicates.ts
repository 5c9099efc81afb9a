import { createRoute, z } from '@hono/zod-openapi'
import { DUPLICATES_LIMIT, findDuplicateContacts } from '../../db/queries/contact-duplicates'
import { errorResponses } from '../../errors'
import { claimsOf } from '../../lib/visitor-claims'
import { restrictedAgentId } from '../../middleware/access'
import { accountSecurity } from '../../schemas/auth'
import { AccountAndIdParamsSchema, jsonResponse } from '../../schemas/common'
import { ContactSchema } from '../../schemas/contacts'
import { createRouter } from '../router'
import { base, contactJson, tags, visibleContact } from './shared'

const DuplicatesSchema = z
  .object({ payload: z.array(ContactSchema) })
  .openapi('ContactDuplicates', { example: { payload: [] } })

// A Parley addition (Chatwoot has no such endpoint): emails, phone numbers and identifiers are
// unique in an account, so two records of one person meet where one holds a value the other
// only claimed on the public API (additional_attributes.unverified_claims).
const listDuplicates = createRoute({
  operationId: 'listContactDuplicates',
  method: 'get',
  path: `${base}/{id}/duplicates`,
  tags,
  security: accountSecurity,
  summary: 'Possible duplicates of a contact (Parley)',
  description:
    'Other contacts of the account with the same email (case-insensitive), phone number or ' +
    'identifier, held by one and held or claimed (`additional_attributes.unverified_claims`) ' +
    `by the other, either way round; only contacts the caller may read; at most ${DUPLICATES_LIMIT}, ` +
    'oldest first. Merge one with `POST /actions/contact_merge`.',
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(DuplicatesSchema, 'The possible duplicates'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const present = (...values: (string | null | undefined)[]) =>
  values.filter((value): value is string => Boolean(value))

export const contactDuplicateRoutes = createRouter().openapi(listDuplicates, async (c) => {
  const { id } = c.req.valid('param')
  const { contact } = await visibleContact(c, id)
  const claims = claimsOf(contact.additionalAttributes as Record<string, unknown>)
  const keys = {
    emails: present(contact.email, claims.email).map((email) => email.toLowerCase()),
    phones: present(contact.phoneNumber, claims.phone_number),
    identifiers: present(contact.identifier, claims.identifier),
  }
  const rows = await findDuplicateContacts(
    c.var.db,
    c.var.accountId,
    id,
    keys,
    restrictedAgentId(c),
  )
  return c.json({ payload: rows.map((row) => contactJson(c, row)) }, 200)
})
