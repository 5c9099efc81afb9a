import type { Message, SubmittedValue } from '../client/types'

/** The answers already given to an interactive message, if any. */
export function submittedValues(message: Message): SubmittedValue[] {
  const values = message.content_attributes?.submitted_values
  return Array.isArray(values) ? (values as SubmittedValue[]) : []
}

export function items<T>(message: Message): T[] {
  const list = message.content_attributes?.items
  return Array.isArray(list) ? (list as T[]) : []
}
