import { format, type Strings } from '../../i18n'

type Words = Strings['fieldErrors']

/** The first number after `sign` in the API's message ("…to have <=255 characters"), if any. */
function limitIn(message: string, sign: '<' | '>') {
  const found = message.match(new RegExp(`${sign}=?\\s*(\\d+)`))
  return found?.[1]
}

/**
 * A field's refusal as a sentence with its label, from the envelope's code (and the limit its
 * message states), instead of the validator's text: "Name is required." rather than "name Too small:
 * expected string to have >=1 characters". A code with no sentence keeps the API's message after the label.
 */
export function fieldErrorWords(
  field: string,
  code: string,
  message: string,
  label: string,
  t: Words,
): string {
  const characters = /character/.test(message)
  const min = limitIn(message, '>')
  const max = limitIn(message, '<')
  switch (code) {
    case 'required':
    case 'blank':
      return format(t.required, { label })
    case 'too_small':
      if (!characters || min === undefined) return format(t.tooSmall, { label, min: min ?? '' })
      return min === '1' ? format(t.required, { label }) : format(t.tooShort, { label, min })
    case 'too_big':
      if (max === undefined) return `${label} ${message}`
      return format(characters ? t.tooLong : t.tooBig, { label, max })
    case 'too_many':
      return format(t.tooMany, { label })
    case 'invalid_format':
    case 'invalid_union':
      if (/email/.test(field)) return t.email
      if (/phone/.test(field)) return t.phone
      if (/url/.test(field)) return t.url
      return format(t.format, { label })
    case 'invalid_value':
      return format(t.choice, { label })
    case 'invalid_type':
      return format(t.wrongType, { label })
    case 'taken':
      return format(t.taken, { label })
    case 'not_found':
      return format(t.notFound, { label })
    default:
      // Rails-style messages read on from the label: "Email has already been taken".
      return `${label} ${message}`
  }
}
