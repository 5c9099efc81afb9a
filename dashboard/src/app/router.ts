import { type ReadonlySignal, signal } from '@preact/signals'

export type Route =
  | { name: 'login' }
  | { name: 'home' }
  | { name: 'inbox'; accountId: number }
  | { name: 'conversation'; accountId: number; displayId: number }
  | { name: 'not_found' }

/** Chatwoot's dashboard paths (DESIGN §12), so deep links carry over. */
export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/app') return { name: 'home' }
  if (path === '/app/login') return { name: 'login' }
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
  return { name: 'not_found' }
}

export const inboxPath = (accountId: number) => `/app/accounts/${accountId}/dashboard`
export const conversationPath = (accountId: number, displayId: number) =>
  `/app/accounts/${accountId}/conversations/${displayId}`

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
