// The same mechanism as the widget's (widget/src/i18n): a typed object of English strings per
// part of the app, other locales as objects of the same type, `format` for `{name}` slots.
import { conversationEn } from './conversation.en'
import { shellEn } from './shell.en'

export { format } from '../../../widget/src/i18n/index'

export const en = { shell: shellEn, conversation: conversationEn }
export type Strings = typeof en

export const LOCALES: Record<string, Strings> = { en }

export function stringsFor(locale: string | null | undefined): Strings {
  return LOCALES[locale?.slice(0, 2).toLowerCase() ?? 'en'] ?? en
}
