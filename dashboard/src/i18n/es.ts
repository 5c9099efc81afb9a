// Spanish, every table typed as its English one: a missing or extra key fails `tsc`. A chunk of
// its own (loadStrings imports it on first use), so English-speaking agents never fetch it.
import { agentsEs } from './agents.es'
import { capacityEs } from './capacity.es'
import { contactsEs } from './contacts.es'
import { conversationEs } from './conversation.es'
import { fieldErrorsEs } from './field-errors.es'
import { funnelEditorEs, funnelPanelEs } from './funnel-editor.es'
import { funnelsEs } from './funnels.es'
import { inboxesEs } from './inboxes.es'
import type { Strings } from './index'
import { notifyEs } from './notify.es'
import { reportsEs } from './reports.es'
import { settingsEs } from './settings.es'
import {
  accountSettingsEs,
  attributesEs,
  cannedEs,
  crudEs,
  labelsEs,
  teamsEs,
} from './settings-pages.es'
import { shellEs } from './shell.es'
import { webhookEventsEs, webhooksEs } from './webhooks.es'

export const es: Strings = {
  shell: shellEs,
  conversation: conversationEs,
  agents: agentsEs,
  contacts: contactsEs,
  funnels: funnelsEs,
  funnelEditor: funnelEditorEs,
  funnelPanel: funnelPanelEs,
  inboxes: inboxesEs,
  reports: reportsEs,
  settings: settingsEs,
  crud: crudEs,
  teams: teamsEs,
  labels: labelsEs,
  attributes: attributesEs,
  canned: cannedEs,
  accountSettings: accountSettingsEs,
  webhooks: webhooksEs,
  webhookEvents: webhookEventsEs,
  capacity: capacityEs,
  notify: notifyEs,
  fieldErrors: fieldErrorsEs,
}
