import { afterEach, describe, expect, it } from 'vitest'
import { createRouter, parseRoute, type Router } from '../../../dashboard/src/app/router'

let router: Router | undefined
afterEach(() => router?.dispose())

describe('routes', () => {
  it("read Chatwoot's dashboard paths", () => {
    expect(parseRoute('/app')).toEqual({ name: 'home' })
    expect(parseRoute('/app/')).toEqual({ name: 'home' })
    expect(parseRoute('/app/login')).toEqual({ name: 'login' })
    expect(parseRoute('/app/accounts/3/dashboard')).toEqual({ name: 'inbox', accountId: 3 })
    expect(parseRoute('/app/accounts/3/conversations/41')).toEqual({
      name: 'conversation',
      accountId: 3,
      displayId: 41,
    })
    expect(parseRoute('/app/accounts/x/dashboard')).toEqual({ name: 'not_found' })
  })

  it('read the funnels, one funnel board and the reports overview', () => {
    expect(parseRoute('/app/accounts/3/funnels')).toEqual({
      name: 'funnels',
      accountId: 3,
      funnelId: null,
    })
    expect(parseRoute('/app/accounts/3/funnels/12')).toEqual({
      name: 'funnels',
      accountId: 3,
      funnelId: 12,
    })
    expect(parseRoute('/app/accounts/3/reports/overview')).toEqual({
      name: 'reports',
      accountId: 3,
    })
    expect(parseRoute('/app/accounts/3/reports')).toEqual({ name: 'reports', accountId: 3 })
    expect(parseRoute('/app/accounts/3/funnels/x')).toEqual({ name: 'not_found' })
  })

  it('navigate with the history API and follow the back button', () => {
    history.replaceState(null, '', '/app/accounts/1/dashboard')
    router = createRouter(window)
    router.navigate('/app/accounts/1/conversations/7')
    expect(location.pathname).toBe('/app/accounts/1/conversations/7')
    expect(router.route.value).toEqual({ name: 'conversation', accountId: 1, displayId: 7 })
    expect(router.navigations.value).toBe(1)
    // What the back button does: the browser restores the URL, then fires popstate.
    history.replaceState(null, '', '/app/accounts/1/dashboard')
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(router.route.value).toEqual({ name: 'inbox', accountId: 1 })
  })
})
