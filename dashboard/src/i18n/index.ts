// The same mechanism as the widget's (widget/src/i18n): a typed object of English strings per
// part of the app, other locales as objects of the same type, `format` for `{name}` slots.
// Components never import a table: they read the chosen language's through context
// (`useStrings()` from ./context), so every screen follows the language the root chose.
import { agentsEn } from './agents.en'
import { capacityEn } from './capacity.en'
import { contactsEn } from './contacts.en'
import { conversationEn } from './conversation.en'
import { fieldErrorsEn } from './field-errors.en'
import { funnelEditorEn, funnelPanelEn } from './funnel-editor.en'
import { funnelsEn } from './funnels.en'
import { inboxesEn } from './inboxes.en'
import { notifyEn } from './notify.en'
import { reportsEn } from './reports.en'
import { settingsEn } from './settings.en'
import { accountEn, attributesEn, cannedEn, crudEn, labelsEn, teamsEn } from './settings-pages.en'
import { shellEn } from './shell.en'
import { webhookEventNames, webhooksEn } from './webhooks.en'

export { format } from '../../../protocol/i18n/format'

/**
 * Every dashboard string, English. English ships in the first chunk (it is also what any screen
 * shows before a choice is known); other languages are chunks fetched when chosen.
 */
export const en = {
  shell: shellEn,
  conversation: conversationEn,
  agents: agentsEn,
  contacts: contactsEn,
  funnels: funnelsEn,
  funnelEditor: funnelEditorEn,
  funnelPanel: funnelPanelEn,
  inboxes: inboxesEn,
  reports: reportsEn,
  settings: settingsEn,
  crud: crudEn,
  teams: teamsEn,
  labels: labelsEn,
  attributes: attributesEn,
  canned: cannedEn,
  accountSettings: accountEn,
  webhooks: webhooksEn,
  webhookEvents: webhookEventNames,
  capacity: capacityEn,
  notify: notifyEn,
  fieldErrors: fieldErrorsEn,
}
export type Strings = typeof en
export type ReportsStrings = Strings['reports']
export type FunnelsStrings = Strings['funnels']
export type InboxesStrings = Strings['inboxes']
export type AgentsStrings = Strings['agents']

/** The languages the dashboard is written in. */
export const DASHBOARD_LOCALES = ['en', 'es'] as const
export type DashboardLocale = (typeof DASHBOARD_LOCALES)[number]

/** Each language named in itself, as language pickers show them (never translated). */
export const LANGUAGE_NAMES: Record<DashboardLocale, string> = { en: 'English', es: 'Español' }

/** 'es', 'es-MX' and 'es_ES' all give 'es'; anything the dashboard lacks gives undefined. */
export function matchLocale(requested: unknown): DashboardLocale | undefined {
  if (typeof requested !== 'string') return undefined
  const base = requested.trim().slice(0, 2).toLowerCase()
  return DASHBOARD_LOCALES.find((code) => code === base)
}

/** The profile's ui_settings key holding the agent's own language (Chatwoot's own key). */
export const UI_LOCALE_KEY = 'locale'

/**
 * Which language the dashboard speaks, with no new API field: the agent's own choice, kept in
 * the profile's ui_settings under `locale` (where Chatwoot's dashboard keeps it, saved through
 * the existing PATCH /api/v1/profile), else the browser's language, else English. The account's
 * `locale` is left out: the profile's account list does not carry it, and reading it would cost
 * a request per account before the first paint; it stays what the widget speaks.
 */
export function chooseLocale(
  uiSettings: Record<string, unknown> | null | undefined,
  browserLanguages: readonly string[] = [],
): DashboardLocale {
  const chosen = matchLocale(uiSettings?.[UI_LOCALE_KEY])
  if (chosen) return chosen
  for (const language of browserLanguages) {
    const match = matchLocale(language)
    if (match) return match
  }
  return 'en'
}

/** The strings of one language (every language but English is fetched on first use). */
export async function loadStrings(locale: DashboardLocale): Promise<Strings> {
  if (locale === 'es') return (await import('./es')).es
  return en
}
