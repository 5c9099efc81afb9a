import { z } from '@hono/zod-openapi'
import type { contactInboxes, contacts, inboxes } from '../db/schema'
import { fileUrl } from '../lib/files'
import { AttributesSchema, nullableRef } from './common'
import * as examples from './examples/contacts'
import { CHANNEL_CLASS } from './inboxes'

type ContactRow = typeof contacts.$inferSelect
type ContactInboxRow = Pick<typeof contactInboxes.$inferSelect, 'sourceId'>
/** What the slim inbox JSON shows of an inbox. */
type InboxRow = Pick<typeof inboxes.$inferSelect, 'id' | 'name' | 'channelType'>

export const InboxSlimSchema = z
  .object({
    id: z.number().int(),
    avatar_url: z.string(),
    channel_id: z.number().int(),
    name: z.string(),
    channel_type: z.string(),
    provider: z.string().nullable(),
  })
  .openapi('InboxSlim', { example: examples.InboxSlimExample })

export const ContactInboxSchema = z
  .object({ source_id: z.string(), inbox: InboxSlimSchema })
  .openapi('ContactInbox', { example: examples.ContactInboxExample })

export const ContactSchema = z
  .object({
    additional_attributes: AttributesSchema,
    availability_status: z.enum(['online', 'offline']),
    email: z.string().nullable(),
    id: z.number().int(),
    name: z.string(),
    phone_number: z.string().nullable(),
    blocked: z.boolean(),
    identifier: z.string().nullable(),
    thumbnail: z.string(),
    custom_attributes: AttributesSchema,
    last_activity_at: z.number().int().optional(),
    created_at: z.number().int().optional(),
    contact_inboxes: z.array(ContactInboxSchema).optional(),
  })
  .openapi('Contact', { example: examples.ContactExample })
export type Contact = z.infer<typeof ContactSchema>

/** The contact as a message sender or conversation `meta.sender` (Chatwoot's push_event_data). */
export const ContactPushDataSchema = z
  .object({
    additional_attributes: AttributesSchema,
    custom_attributes: AttributesSchema,
    email: z.string().nullable(),
    id: z.number().int(),
    identifier: z.string().nullable(),
    name: z.string(),
    phone_number: z.string().nullable(),
    thumbnail: z.string(),
    blocked: z.boolean(),
    type: z.literal('contact'),
  })
  .openapi('ContactPushData', { example: examples.ContactPushDataExample })

export function avatarUrl(requestUrl: string, key: string | null) {
  return key ? fileUrl(requestUrl, key) : ''
}

export function toInboxSlim(inbox: InboxRow): z.infer<typeof InboxSlimSchema> {
  return {
    id: inbox.id,
    avatar_url: '',
    channel_id: inbox.id,
    name: inbox.name,
    channel_type: CHANNEL_CLASS[inbox.channelType],
    provider: null,
  }
}

/**
 * Chatwoot's contact JSON. `contactInboxes` is included only when given (the API's
 * `include_contact_inboxes`, default true).
 */
export function toContact(
  row: ContactRow,
  requestUrl: string,
  contactInboxes?: { contactInbox: ContactInboxRow; inbox: InboxRow }[],
  online = false,
): Contact {
  return {
    additional_attributes: row.additionalAttributes,
    availability_status: online ? 'online' : 'offline',
    email: row.email,
    id: row.id,
    name: row.name,
    phone_number: row.phoneNumber,
    blocked: row.blocked,
    identifier: row.identifier,
    thumbnail: avatarUrl(requestUrl, row.avatarKey),
    custom_attributes: row.customAttributes,
    ...(row.lastActivityAt === null ? {} : { last_activity_at: row.lastActivityAt }),
    created_at: row.createdAt,
    ...(contactInboxes
      ? {
          contact_inboxes: contactInboxes.map(({ contactInbox, inbox }) => ({
            source_id: contactInbox.sourceId,
            inbox: toInboxSlim(inbox),
          })),
        }
      : {}),
  }
}

export function toContactPushData(
  row: Pick<
    ContactRow,
    | 'id'
    | 'name'
    | 'email'
    | 'phoneNumber'
    | 'identifier'
    | 'avatarKey'
    | 'blocked'
    | 'additionalAttributes'
    | 'customAttributes'
  >,
  requestUrl: string,
): z.infer<typeof ContactPushDataSchema> {
  return {
    additional_attributes: row.additionalAttributes,
    custom_attributes: row.customAttributes,
    email: row.email,
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    phone_number: row.phoneNumber,
    thumbnail: avatarUrl(requestUrl, row.avatarKey),
    blocked: row.blocked,
    type: 'contact',
  }
}

/** A contact inbox where none may exist yet (create's `contact_inbox`, contactable inboxes). */
export const ContactInboxRefSchema = z
  .object({ source_id: z.string().nullable(), inbox: nullableRef(InboxSlimSchema) })
  .openapi('ContactInboxRef', { example: examples.ContactInboxRefExample })

export const ContactPayloadSchema = z
  .object({ payload: ContactSchema })
  .openapi('ContactPayload', { example: examples.ContactPayloadExample })

export const ContactCreatedSchema = z
  .object({ payload: z.object({ contact: ContactSchema, contact_inbox: ContactInboxRefSchema }) })
  .openapi('ContactCreated', { example: examples.ContactCreatedExample })

export const ContactListSchema = z
  .object({
    meta: z.object({
      count: z.number().int().openapi({
        description:
          'All matching contacts, counted up to 100: past that, 100 with count_capped (shown as "100+")',
      }),
      count_capped: z.boolean().optional().openapi({
        description:
          'Present (true) only when more contacts match than the count reads: count is then a floor',
      }),
      current_page: z.number().int(),
      next_cursor: z.string().optional().openapi({
        description:
          'Present when the page is full: pass it as `cursor` (with the same filters and sort) for the page after this one, which then starts at this contact instead of walking the ones before.',
      }),
    }),
    payload: z.array(ContactSchema),
  })
  .openapi('ContactList', { example: examples.ContactListExample })

export const ContactSearchResultSchema = z
  .object({
    meta: z.object({
      count: z.number().int().openapi({ description: 'Contacts on this page' }),
      current_page: z.number().int(),
      has_more: z.boolean(),
      search: z.enum(['prefix']).optional().openapi({
        description:
          'Present only when q (under three characters) was too short to match inside names: prefix means the contacts whose name, email, phone number (with or without a leading +) or identifier starts with q. Absent, name, email, phone number or identifier contains q',
      }),
      partial: z.boolean().optional().openapi({
        description:
          'Present (true) only when q matches more contacts than one search reads (the newest 30 for index, 15 per field for prefix): the pages hold only matches among those',
      }),
    }),
    payload: z.array(ContactSchema),
  })
  .openapi('ContactSearchResult', { example: examples.ContactSearchResultExample })
