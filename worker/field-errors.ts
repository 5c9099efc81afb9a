import { z } from '@hono/zod-openapi'

/**
 * The one closed list of what can be wrong with a field: the `code` of each entry in `errors`,
 * for clients to branch on. The codes zod's issues map onto (issuesToFieldErrors) keep zod's names,
 * as clients have always seen them.
 */
const FIELD_ERROR_MEANINGS = {
  invalid: 'the value is not acceptable; the message says why',
  required: 'the field is missing, and is required here',
  blank: 'the field is empty, and is required here',
  invalid_type: 'the value is of the wrong type (text for a number, a file for text…)',
  invalid_format: 'the value is not in the format asked (an email address, a URL, a date…)',
  invalid_value: 'the value is not one of those allowed',
  invalid_union: 'the value is in none of the forms the field takes',
  too_small: 'the value is too short or too small',
  too_big: 'the value is too long or too large',
  too_many: 'more items than the limit allows',
  custom: 'the value breaks a rule of the field; the message states it',
  taken: 'the value is already used by another record',
  not_found: 'names a record that does not exist in this account',
  unknown_attribute: 'not a custom attribute the account defines',
  unknown_label: 'not a label of the account',
  unknown_team: 'not a team of the account',
  not_member: 'not a member of the account',
  unsafe_url: 'a URL the service will not call (a private address, not http(s)…)',
  unsupported_type: 'a file of a type that is not allowed',
  empty: 'an empty file',
  invalid_file: 'a file that cannot be read as the kind asked',
  api_only: 'allowed only in an API inbox',
  last_administrator: 'would leave the account without an administrator',
  shared_user: 'a user of other accounts too, whom this account cannot change',
  confirmed: 'a user who has already set a password',
  required_item_open: 'a required checklist item is still unchecked',
  stage_not_empty: 'the funnel stage still holds conversations',
} as const

export type FieldErrorCode = keyof typeof FIELD_ERROR_MEANINGS
export const FIELD_ERROR_CODES = Object.keys(FIELD_ERROR_MEANINGS) as [
  FieldErrorCode,
  ...FieldErrorCode[],
]

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.enum(FIELD_ERROR_CODES).openapi({
    description: `What is wrong with the field, from a closed list:\n${Object.entries(
      FIELD_ERROR_MEANINGS,
    )
      .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
      .join('\n')}`,
  }),
})
export type FieldError = z.infer<typeof FieldErrorSchema>

export const fieldError = (
  field: string,
  message: string,
  code: FieldErrorCode = 'invalid',
): FieldError => ({
  field,
  message,
  code,
})

/** Every zod issue code onto the field error codes; one zod has not got yet is `invalid`. */
const ZOD_ISSUE_CODES: Record<z.core.$ZodIssueCode, FieldErrorCode> = {
  invalid_type: 'invalid_type',
  invalid_format: 'invalid_format',
  invalid_value: 'invalid_value',
  not_multiple_of: 'invalid_value',
  invalid_union: 'invalid_union',
  too_small: 'too_small',
  too_big: 'too_big',
  custom: 'custom',
  unrecognized_keys: 'invalid',
  invalid_key: 'invalid',
  invalid_element: 'invalid',
}

type ZodIssueLike = { path: PropertyKey[]; message: string; code: string }

export function issuesToFieldErrors(issues: readonly ZodIssueLike[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
    code: Object.hasOwn(ZOD_ISSUE_CODES, issue.code)
      ? ZOD_ISSUE_CODES[issue.code as z.core.$ZodIssueCode]
      : 'invalid',
  }))
}
