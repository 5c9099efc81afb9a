import type { FieldErrorStrings } from './field-errors.en'

export const fieldErrorsEs: FieldErrorStrings = {
  checkFields: 'No se ha guardado: mira los mensajes bajo los campos.',
  required: '{label}: es obligatorio.',
  tooShort: '{label} debe tener al menos {min} caracteres.',
  tooLong: '{label} debe tener como mucho {max} caracteres.',
  tooSmall: '{label} debe ser al menos {min}.',
  tooBig: '{label} debe ser como mucho {max}.',
  tooMany: '{label} tiene más elementos de los permitidos.',
  format: '{label} no tiene el formato correcto.',
  email: 'Escribe un correo como nombre@ejemplo.com.',
  phone: 'Escribe un teléfono con su prefijo de país, como +34600123456.',
  url: 'Escribe una dirección web completa, como https://ejemplo.com.',
  choice: 'Elige una de las opciones de {label}.',
  wrongType: '{label} tiene un valor de tipo incorrecto.',
  taken: '{label} ya lo usa otro registro.',
  notFound: '{label} nombra algo que ya no existe.',
}
