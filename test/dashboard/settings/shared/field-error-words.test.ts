import { describe, expect, it } from 'vitest'
import { en } from '../../../../dashboard/src/i18n'
import { es } from '../../../../dashboard/src/i18n/es'
import { fieldErrorWords } from '../../../../dashboard/src/settings/shared/field-error-words'

const words = (field: string, code: string, message: string, label: string, t = en.fieldErrors) =>
  fieldErrorWords(field, code, message, label, t)

describe('field errors in words', () => {
  it("words zod's length limits with the field's label, in English and Spanish", () => {
    expect(
      words('name', 'too_small', 'Too small: expected string to have >=1 characters', 'Name'),
    ).toBe('Name is required.')
    expect(
      words('name', 'too_big', 'Too big: expected string to have <=255 characters', 'Name'),
    ).toBe('Name must be at most 255 characters.')
    expect(
      words(
        'name',
        'too_big',
        'Too big: expected string to have <=255 characters',
        'Nombre',
        es.fieldErrors,
      ),
    ).toBe('Nombre debe tener como mucho 255 caracteres.')
    expect(
      words('auto_resolve_after', 'too_small', 'Too small: expected number to be >=10', 'Minutes'),
    ).toBe('Minutes must be at least 10.')
  })

  it('words formats, choices and clashes, and keeps the API message for a code it has no sentence for', () => {
    expect(words('email', 'invalid_union', 'Invalid input', 'Email')).toBe(
      'Enter an email address like name@example.com.',
    )
    expect(words('phone_number', 'invalid_format', 'must be in E.164 format', 'Phone')).toBe(
      'Enter a phone number with its country code, like +14155550123.',
    )
    expect(words('short_code', 'taken', 'has already been taken', 'Short code')).toBe(
      'Short code is already used by another record.',
    )
    expect(words('role', 'invalid_value', 'Invalid option', 'Role')).toBe(
      'Choose one of the options for Role.',
    )
    expect(words('email', 'last_administrator', 'would leave no administrator', 'Email')).toBe(
      'Email would leave no administrator',
    )
  })
})
