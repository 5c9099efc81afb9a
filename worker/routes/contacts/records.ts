import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { checkCustomAttributes } from '../../contacts/custom-attributes'
import { insertContactInboxStatement } from '../../db/queries/contact-inboxes'
import {
  deleteContactStatement,
  insertContactStatement,
  insertedContactId,
  updateContactStatement,
} from '../../db/queries/contacts'
import { recordContactFilesStatements } from '../../db/queries/file-deletions'
import type { AppEnv } from '../../env'
import { apiError, errorResponses } from '../../errors'
import { changedAttributes } from '../../events/kinds'
import { removeRecordedFiles } from '../../files/deletions'
import { deleteStored } from '../../lib/files'
import { requireAdministrator } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonResponse,
} from '../../schemas/common'
import { ContactCreatedSchema, ContactPayloadSchema, toInboxSlim } from '../../schemas/contacts'
import {
  ContactCreateSchema,
  ContactFormSchema,
  ContactShowQuerySchema,
  type ContactUpdateInput,
  ContactUpdateSchema,
} from '../../schemas/contacts-input'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { storeAvatar, withStoredAvatar } from './avatar'
import { sourceIdFor } from './inbox-links'
import {
  base,
  checkUnique,
  contactJson,
  inboxFromBody,
  readContactBody,
  tags,
  trackedAttributes,
  visibleContact,
} from './shared'

const contactBody = <T extends typeof ContactCreateSchema | typeof ContactUpdateSchema>(
  schema: T,
) => ({
  required: false,
  content: {
    'application/json': { schema },
    'multipart/form-data': { schema: ContactFormSchema },
  },
})

const createContact = createRoute({
  operationId: 'createContact',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Create a contact, optionally with a contact inbox',
  description:
    'JSON, or multipart/form-data with an `avatar` image (PNG, JPEG, GIF or WebP, ≤ 2 MB). ' +
    'Email, phone number and identifier are unique in the account.',
  middleware: [unwrapBody('contact')],
  request: { params: AccountIdParamsSchema, body: contactBody(ContactCreateSchema) },
  responses: {
    200: jsonResponse(ContactCreatedSchema, 'The new contact'),
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

const showContact = createRoute({
  operationId: 'getContact',
  method: 'get',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Show a contact',
  request: { params: AccountAndIdParamsSchema, query: ContactShowQuerySchema },
  responses: {
    200: jsonResponse(ContactPayloadSchema, 'The contact'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const updateRoute = (method: 'patch' | 'put') =>
  createRoute({
    operationId: method === 'put' ? 'updateContactPut' : 'updateContact',
    method,
    path: `${base}/{id}`,
    tags,
    security: accountSecurity,
    summary: 'Update a contact',
    description:
      '`custom_attributes` and `additional_attributes` are merged into the stored ones. ' +
      'Multipart requests may carry a new `avatar`.',
    middleware: [unwrapBody('contact')],
    request: { params: AccountAndIdParamsSchema, body: contactBody(ContactUpdateSchema) },
    responses: {
      200: jsonResponse(ContactPayloadSchema, 'The updated contact'),
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

const deleteContact = createRoute({
  operationId: 'deleteContact',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a contact and its conversations (administrators)',
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const present = <T>(value: T | undefined) => value !== undefined

async function updateContact(
  c: Context<AppEnv>,
  id: number,
  input: ContactUpdateInput,
  avatar: File | null,
) {
  const { contact, contactInboxes } = await visibleContact(c, id)
  const { accountId, db } = c.var
  await checkUnique(
    c,
    { email: input.email, phoneNumber: input.phone_number, identifier: input.identifier },
    id,
  )
  await checkCustomAttributes(db, accountId, 'contact_attribute', input.custom_attributes)
  const avatarKey = await storeAvatar(c.env, accountId, avatar, input.avatar_url)
  const values = {
    ...(present(input.name) ? { name: input.name ?? '' } : {}),
    ...(present(input.email) ? { email: input.email } : {}),
    ...(present(input.phone_number) ? { phoneNumber: input.phone_number } : {}),
    ...(present(input.identifier) ? { identifier: input.identifier } : {}),
    ...(present(input.blocked) ? { blocked: input.blocked } : {}),
    ...(avatarKey ? { avatarKey } : {}),
    additionalAttributes: { ...contact.additionalAttributes, ...input.additional_attributes },
    customAttributes: { ...contact.customAttributes, ...input.custom_attributes },
  }
  const before = trackedAttributes(c, contact)
  const changes = changedAttributes(before, trackedAttributes(c, { ...contact, ...values }))
  if (changes.length === 0) return contactJson(c, contact, contactInboxes)
  const [[updated]] = await withStoredAvatar(c.env, avatarKey, () =>
    commitWithEvents(
      c,
      [updateContactStatement(db, accountId, id, values)],
      [{ kind: 'contact_updated', accountId, contactId: id, changedAttributes: changes }],
    ),
  )
  if (!updated) throw new Error('contact update returned nothing')
  if (avatarKey && contact.avatarKey) await deleteStored(c.env, [contact.avatarKey])
  return contactJson(c, updated, contactInboxes)
}

export const contactRecordRoutes = createRouter()
  .openapi(createContact, async (c) => {
    const { input, avatar } = readContactBody(c, c.req, 'create')
    const { accountId, db } = c.var
    const inbox = input.inbox_id ? await inboxFromBody(c, input.inbox_id) : null
    const sourceId = inbox
      ? await sourceIdFor(c, inbox, input.source_id, {
          email: input.email ?? null,
          phoneNumber: input.phone_number ?? null,
        })
      : null
    await checkUnique(c, {
      email: input.email,
      phoneNumber: input.phone_number,
      identifier: input.identifier,
    })
    await checkCustomAttributes(db, accountId, 'contact_attribute', input.custom_attributes)
    const avatarKey = await storeAvatar(c.env, accountId, avatar, input.avatar_url)
    const insertContact = insertContactStatement(db, {
      accountId,
      name: input.name ?? '',
      email: input.email ?? null,
      phoneNumber: input.phone_number ?? null,
      identifier: input.identifier ?? null,
      blocked: input.blocked ?? false,
      avatarKey,
      additionalAttributes: input.additional_attributes ?? {},
      customAttributes: input.custom_attributes ?? {},
    })
    const event = { kind: 'contact_created' as const, accountId, contactId: insertedContactId }
    const [[contact], linked] = await withStoredAvatar(c.env, avatarKey, async () => {
      if (!inbox) return [...(await commitWithEvents(c, [insertContact], [event])), []] as const
      const insertLink = insertContactInboxStatement(db, {
        accountId,
        // The contact's id is only known inside the batch.
        contactId: insertedContactId as unknown as number,
        inboxId: inbox.id,
        sourceId,
      })
      return commitWithEvents(c, [insertContact, insertLink], [event])
    })
    if (!contact) throw new Error('contact insert returned nothing')
    const contactInbox = linked[0]
    const contactInboxes = inbox && contactInbox ? [{ contactInbox, inbox }] : []
    return c.json(
      {
        payload: {
          contact: contactJson(c, contact, contactInboxes),
          contact_inbox: {
            inbox: inbox ? toInboxSlim(inbox) : null,
            source_id: contactInbox?.sourceId ?? null,
          },
        },
      },
      200,
    )
  })
  .openapi(showContact, async (c) => {
    const { contact, contactInboxes } = await visibleContact(c, c.req.valid('param').id)
    const withInboxes = c.req.valid('query').include_contact_inboxes
    return c.json(
      { payload: contactJson(c, contact, withInboxes ? contactInboxes : undefined) },
      200,
    )
  })
  .openapi(updateRoute('patch'), async (c) => {
    const { input, avatar } = readContactBody(c, c.req, 'update')
    return c.json({ payload: await updateContact(c, c.req.valid('param').id, input, avatar) }, 200)
  })
  .openapi(updateRoute('put'), async (c) => {
    const { input, avatar } = readContactBody(c, c.req, 'update')
    return c.json({ payload: await updateContact(c, c.req.valid('param').id, input, avatar) }, 200)
  })
  .openapi(deleteContact, async (c) => {
    requireAdministrator(c)
    const { id } = c.req.valid('param')
    const { db, accountId } = c.var
    // Its files are recorded in the delete's batch, so a crash after it leaves none behind.
    const [, , [deleted]] = await db.batch([
      ...recordContactFilesStatements(db, accountId, id),
      deleteContactStatement(db, accountId, id),
    ])
    if (!deleted) throw apiError('not_found', `Contact ${id} not found`)
    await removeRecordedFiles(c.env, db, accountId)
    return c.json({}, 200)
  })
