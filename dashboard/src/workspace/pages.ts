import type { Route, SettingsSection } from '../app/router'

/** The account routes drawn by the workspace (everything but the inbox and a conversation). */
export type WorkspaceRoute = Extract<
  Route,
  { name: 'contacts' | 'settings' | 'funnels' | 'reports' }
>
export type SettingsRoute = Extract<Route, { name: 'settings' }>
export type ContactsRoute = Extract<Route, { name: 'contacts' }>
export type FunnelsRoute = Extract<Route, { name: 'funnels' }>
export type ReportsRoute = Extract<Route, { name: 'reports' }>

/** What every settings page is handed: its route (the section, and an id where it has one). */
export interface SettingsPageProps {
  route: SettingsRoute
}

/**
 * Each settings page is its own chunk, fetched when first opened, so the inbox's first load
 * never carries them (the dashboard's weight budget).
 */
export const SETTINGS_PAGES: Record<
  SettingsSection,
  () => Promise<{ default: preact.ComponentType<SettingsPageProps> }>
> = {
  inboxes: () => import('../settings/inboxes/InboxesPage'),
  inbox_new: () => import('../settings/inboxes/NewInboxPage'),
  inbox: () => import('../settings/inboxes/InboxSettingsPage'),
  agents: () => import('../settings/agents/AgentsPage'),
  teams: () => import('../settings/teams/TeamsPage'),
  labels: () => import('../settings/labels/LabelsPage'),
  'custom-attributes': () => import('../settings/custom-attributes/CustomAttributesPage'),
  'canned-responses': () => import('../settings/canned-responses/CannedResponsesPage'),
  webhooks: () => import('../settings/webhooks/WebhooksPage'),
  capacity: () => import('../settings/capacity/CapacityPage'),
  account: () => import('../settings/account/AccountSettingsPage'),
}
