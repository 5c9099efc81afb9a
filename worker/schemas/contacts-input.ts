import { z } from '@hono/zod-openapi'
import { CONTACT_SORT_KEYS } from '../db/queries/contact-sort'
import { MAX_CURSOR_LENGTH } from '../lib/page-cursor'
import { AttributesSchema, EmailSchema, IdSchema, SearchTextSchema } from './common'
import * as examples from './examples/contacts-input'

export const CONTACTS_PER_PAGE = 15
/** Deeper pages cost a walk over every contact before them. */
const MAX_PAGE = 100_000
const MAX_LABEL_FILTERS = 25

// An empty string clears an optional field, as Chatwoot's dashboard sends it.
const cleared = z.literal('').transform(() => null)

export const PhoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{1,14}$/, 'must be in E.164 format (+ and up to 15 digits)')

const ContactFieldsSchema = z.object({
  name: z.string().trim().max(255).nullable().optional(),
  email: z.union([EmailSchema, cleared]).nullable().optional(),
  phone_number: z.union([PhoneNumberSchema, cleared]).nullable().optional(),
  identifier: z
    .union([z.string().trim().min(1).max(255), cleared])
    .nullable()
    .optional(),
  blocked: z.boolean().optional(),
  avatar_url: z
    .union([z.string().trim().max(2048).url(), cleared])
    .nullable()
    .optional()
    .openapi({
      description: 'An https image (≤ 2 MB) to download as the avatar; ignored if it fails',
    }),
  additional_attributes: AttributesSchema.optional(),
  custom_attributes: AttributesSchema.optional().openapi({
    description: 'Keys must be contact custom attribute definitions of the account',
  }),
})

export const ContactCreateSchema = ContactFieldsSchema.extend({
  inbox_id: IdSchema.optional().openapi({ description: 'Also create a contact inbox there' }),
  source_id: z.string().trim().min(1).max(255).optional(),
}).openapi('ContactCreate', { example: examples.ContactCreateExample })
export type ContactCreateInput = z.infer<typeof ContactCreateSchema>

export const ContactUpdateSchema = ContactFieldsSchema.openapi('ContactUpdate', {
  example: examples.ContactUpdateExample,
})
export type ContactUpdateInput = z.infer<typeof ContactUpdateSchema>

/**
 * The multipart form of create and update: the same fields as strings, plus the `avatar` file.
 * Attributes come either as JSON text or as Rails-style `additional_attributes[key]` fields.
 */
export const ContactFormSchema = z
  .object({
    avatar: z.any().optional().openapi({ type: 'string', format: 'binary' }),
    name: z.string().optional(),
    email: z.string().optional(),
    phone_number: z.string().optional(),
    identifier: z.string().optional(),
    blocked: z.enum(['true', 'false']).optional(),
    additional_attributes: z.string().optional().openapi({ description: 'A JSON object' }),
    custom_attributes: z.string().optional().openapi({ description: 'A JSON object' }),
    inbox_id: z.string().optional(),
    source_id: z.string().optional(),
  })
  .catchall(z.any())
  .openapi('ContactForm', { example: examples.ContactFormExample })

const SortSchema = z
  .enum([...CONTACT_SORT_KEYS, ...CONTACT_SORT_KEYS.map((k) => `-${k}` as const)])
  .optional()
  .openapi({ description: 'A leading `-` sorts descending. Default `-last_activity_at`.' })

const PageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).default(1)

const BooleanQuerySchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')

const LabelListSchema = z
  .union([z.string().max(255), z.array(z.string().max(255)).max(MAX_LABEL_FILTERS)])
  .optional()

/**
 * Parley's addition to the list and the search: Chatwoot's interface lists resolved contacts
 * only (with an email, phone number or identifier); `all` includes anonymous visitors too.
 */
const ContactViewSchema = z
  .enum(['identified', 'all'])
  .default('identified')
  .openapi({
    description:
      "Parley's addition: `identified` (the default, Chatwoot's resolved contacts: with an email, " +
      'phone number or identifier) or `all` (anonymous visitors too)',
  })

export const ContactListQuerySchema = z.object({
  page: PageSchema,
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional().openapi({
    description:
      "The previous page's `meta.next_cursor`: the page after it, with the same filters and sort, without walking the contacts before it (`page` then only numbers the answer).",
  }),
  sort: SortSchema,
  'labels[]': LabelListSchema.openapi({ description: 'Contacts with any of these labels' }),
  labels: LabelListSchema,
  view: ContactViewSchema,
  include_contact_inboxes: BooleanQuerySchema.default(true),
})

export const ContactSearchQuerySchema = z.object({
  q: SearchTextSchema.optional().openapi({ description: 'Text to find (required)' }),
  page: PageSchema,
  sort: SortSchema,
  view: ContactViewSchema,
  include_contact_inboxes: BooleanQuerySchema.default(true),
})

export const ContactShowQuerySchema = z.object({
  include_contact_inboxes: BooleanQuerySchema.default(true),
})

export const ContactLabelsInputSchema = z
  .object({ labels: z.array(z.string().trim().min(1).max(255)).max(100) })
  .openapi('ContactLabelsInput', { example: examples.ContactLabelsInputExample })

export const DestroyCustomAttributesSchema = z
  .object({ custom_attributes: z.array(z.string().max(255)).max(100) })
  .openapi('DestroyCustomAttributes', { example: examples.DestroyCustomAttributesExample })

export const ContactInboxInputSchema = z
  .object({ inbox_id: IdSchema, source_id: z.string().trim().min(1).max(255).optional() })
  .openapi('ContactInboxInput', { example: examples.ContactInboxInputExample })

export const ContactMergeSchema = z
  .object({
    base_contact_id: IdSchema.openapi({ description: 'The contact that stays' }),
    mergee_contact_id: IdSchema.openapi({
      description: 'The contact merged into it, then deleted',
    }),
  })
  .openapi('ContactMerge', { example: examples.ContactMergeExample })
