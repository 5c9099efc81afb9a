import { type ReadonlySignal, signal } from '@preact/signals'

export type Route =
  | { name: 'login' }
  | { name: 'home' }
  | { name: 'inbox'; accountId: number }
  | { name: 'conversation'; accountId: number; displayId: number }
  | { name: 'contacts'; accountId: number; contactId: number | null }
  | { name: 'settings'; accountId: number; section: SettingsSection; id: number | null }
  /** `/funnels` lists the account's funnels; `/funnels/{funnel_id}` is one funnel's board. */
  | { name: 'funnels'; accountId: number; funnelId: number | null }
  | { name: 'reports'; accountId: number }
  | { name: 'password_edit' }
  | { name: 'not_found' }

/** A route inside one account: everything but sign-in, the set-password page and not-found. */
export type AccountRoute = Extract<Route, { accountId: number }>

/** The settings pages, by their path segment (DESIGN §12). */
export const SETTINGS_SECTIONS = [
  'inboxes',
  'agents',
  'teams',
  'labels',
  'custom-attributes',
  'canned-responses',
  'webhooks',
  'capacity',
  'account',
] as const
/** A settings page; `inbox_new` is settings/inboxes/new and `inbox` one inbox's settings/inboxes/{id}. */
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number] | 'inbox_new' | 'inbox'

function parseSettings(accountId: number, rest: string): Route {
  if (rest === 'inboxes/new') return { name: 'settings', accountId, section: 'inbox_new', id: null }
  const inbox = rest.match(/^inboxes\/(\d+)$/)
  if (inbox) return { name: 'settings', accountId, section: 'inbox', id: Number(inbox[1]) }
  const section = SETTINGS_SECTIONS.find((s) => s === rest)
  return section ? { name: 'settings', accountId, section, id: null } : { name: 'not_found' }
}

/** Chatwoot's dashboard paths (DESIGN §12), so deep links carry over. */
export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/app') return { name: 'home' }
  if (path === '/app/login') return { name: 'login' }
  if (path === '/app/auth/password/edit') return { name: 'password_edit' }
  const inbox = path.match(/^\/app\/accounts\/(\d+)\/dashboard$/)
  if (inbox) return { name: 'inbox', accountId: Number(inbox[1]) }
  const conversation = path.match(/^\/app\/accounts\/(\d+)\/conversations\/(\d+)$/)
  if (conversation) {
    return {
      name: 'conversation',
      accountId: Number(conversation[1]),
      displayId: Number(conversation[2]),
    }
  }
  const contacts = path.match(/^\/app\/accounts\/(\d+)\/contacts(?:\/(\d+))?$/)
  if (contacts) {
    const contactId = contacts[2] ? Number(contacts[2]) : null
    return { name: 'contacts', accountId: Number(contacts[1]), contactId }
  }
  const settings = path.match(/^\/app\/accounts\/(\d+)\/settings\/(.+)$/)
  if (settings) return parseSettings(Number(settings[1]), settings[2] as string)
  const funnels = path.match(/^\/app\/accounts\/(\d+)\/funnels(?:\/(\d+))?$/)
  if (funnels) {
    const funnelId = funnels[2] ? Number(funnels[2]) : null
    return { name: 'funnels', accountId: Number(funnels[1]), funnelId }
  }
  const reports = path.match(/^\/app\/accounts\/(\d+)\/reports(?:\/overview)?$/)
  if (reports) return { name: 'reports', accountId: Number(reports[1]) }
  return { name: 'not_found' }
}

export const inboxPath = (accountId: number) => `/app/accounts/${accountId}/dashboard`
export const conversationPath = (accountId: number, displayId: number) =>
  `/app/accounts/${accountId}/conversations/${displayId}`
export const contactsPath = (accountId: number, contactId?: number) =>
  `/app/accounts/${accountId}/contacts${contactId ? `/${contactId}` : ''}`
export const funnelsPath = (accountId: number, funnelId?: number) =>
  `/app/accounts/${accountId}/funnels${funnelId ? `/${funnelId}` : ''}`
export const reportsPath = (accountId: number) => `/app/accounts/${accountId}/reports/overview`
/** A settings page's path: `settingsPath(1, 'inbox', 3)` is /app/accounts/1/settings/inboxes/3. */
export function settingsPath(accountId: number, section: SettingsSection, id?: number) {
  const base = `/app/accounts/${accountId}/settings`
  if (section === 'inbox_new') return `${base}/inboxes/new`
  if (section === 'inbox') return `${base}/inboxes/${id}`
  return `${base}/${section}`
}

export interface Router {
  route: ReadonlySignal<Route>
  /** Bumped on every navigation after the first page: the layout moves focus when it changes. */
  navigations: ReadonlySignal<number>
  navigate(path: string, options?: { replace?: boolean }): void
  dispose(): void
}

/** The history API, nothing more: pushState on navigate, popstate for back and forward. */
export function createRouter(win: Window = window): Router {
  const route = signal(parseRoute(win.location.pathname))
  const navigations = signal(0)
  const update = () => {
    route.value = parseRoute(win.location.pathname)
    navigations.value++
  }
  win.addEventListener('popstate', update)
  return {
    route,
    navigations,
    navigate(path, options) {
      if (path === win.location.pathname + win.location.search) return
      if (options?.replace) win.history.replaceState(null, '', path)
      else win.history.pushState(null, '', path)
      update()
    },
    dispose: () => win.removeEventListener('popstate', update),
  }
}
