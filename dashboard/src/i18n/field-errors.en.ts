/**
 * A refused field in words, by the API's field error code (worker/field-errors.ts), with the
 * field's label; `{max}` and `{min}` come from the API's message when it states them.
 */
export const fieldErrorsEn = {
  checkFields: 'Not saved: see the messages under the fields.',
  required: '{label} is required.',
  tooShort: '{label} must be at least {min} characters.',
  tooLong: '{label} must be at most {max} characters.',
  tooSmall: '{label} must be at least {min}.',
  tooBig: '{label} must be at most {max}.',
  tooMany: '{label} has more items than allowed.',
  format: '{label} is not in the right format.',
  email: 'Enter an email address like name@example.com.',
  phone: 'Enter a phone number with its country code, like +14155550123.',
  url: 'Enter a full web address, like https://example.com.',
  choice: 'Choose one of the options for {label}.',
  wrongType: '{label} has the wrong kind of value.',
  taken: '{label} is already used by another record.',
  notFound: '{label} names something that no longer exists.',
}
export type FieldErrorStrings = typeof fieldErrorsEn
