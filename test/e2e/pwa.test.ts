import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { CHROMIUM } from '../../scripts/setup.mjs'
import { freshTab } from './browser.ts'
import {
  adminCredentials,
  PHONE,
  seriousViolations,
  sharedBrowser,
  signedInTab,
} from './dashboard-helpers.ts'
import { url } from './helpers.ts'

const browser = sharedBrowser()

/** Waits until the dashboard's service worker is active and controls the page. */
const controlledByServiceWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/app/sw.js'))

describe('the installable app', () => {
  it('has a manifest and a service worker Chromium accepts for installing, and a favicon', async () => {
    // A profile on disk: Chromium does not offer to install from an incognito context, which
    // is what a plain new context is.
    const profile = await mkdtemp(path.join(tmpdir(), 'parley-pwa-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu'],
    })
    context.setDefaultTimeout(15_000)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(url('/app/login'))
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await controlledByServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.errors).toEqual([])
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      short_name: 'Parley',
      start_url: '/app/',
      scope: '/app/',
      display: 'standalone',
    })
    const icon = await page.locator('link[rel="icon"]').getAttribute('href')
    const res = await fetch(url(icon ?? '/missing'))
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    await context.close()
    await rm(profile, { recursive: true, force: true })
  })

  it('gives the demo pages the same favicon', async () => {
    const { context, page } = await freshTab(browser())
    for (const demoPage of ['/', '/demo/strict-csp', '/demo/chatwoot']) {
      await page.goto(url(demoPage))
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(
        '/app/icons/icon.svg',
      )
    }
    await context.close()
  })

  it('opens its shell with the network cut, saying there is no connection, and never keeps the API', async () => {
    const { context, page } = await signedInTab(browser(), adminCredentials(), PHONE)
    await controlledByServiceWorker(page)
    const kept = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
      }
      return urls.map((u) => new URL(u).pathname)
    })
    expect(kept).toContain('/app/')
    expect(kept.some((path) => path.startsWith('/app/assets/'))).toBe(true)
    expect(kept.filter((path) => !path.startsWith('/app/'))).toEqual([])

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('alert').filter({ hasText: 'No connection' }).waitFor()
    expect(await page.title()).toBe('Parley')
    expect(await seriousViolations(page)).toEqual([])
    await context.setOffline(false)
    await context.close()
  })

  it('shows a Web Push payload as a notification, a repeat with the same tag replacing the first', async () => {
    const { context, page } = await freshTab(browser())
    const origin = new URL(url('/')).origin
    await context.grantPermissions(['notifications'], { origin })
    const cdp = await context.newCDPSession(page)
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = []
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
      registrations.push(...event.registrations),
    )
    await cdp.send('ServiceWorker.enable')
    await page.goto(url('/app/login'))
    await controlledByServiceWorker(page)
    const registration = registrations.find((r) => r.scopeURL === `${origin}/app/` && !r.isDeleted)
    expect(registration).toBeDefined()

    // NOTIFY's payload (the contract in issue 32): { title, body, url, tag? }.
    const push = (body: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: registration?.registrationId ?? '',
        data: JSON.stringify({
          title: 'Ana mentioned you',
          body,
          url: '/app/accounts/1/conversations/7',
          tag: 'conversation-7',
        }),
      })
    await push('Can you take this one?')
    await push('Still waiting on this one.')
    const shown = () =>
      page.evaluate(async () => {
        const notifications = await (await navigator.serviceWorker.ready).getNotifications()
        return notifications.map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        }))
      })
    await expect.poll(shown).toEqual([
      {
        title: 'Ana mentioned you',
        body: 'Still waiting on this one.',
        tag: 'conversation-7',
        data: { url: '/app/accounts/1/conversations/7' },
      },
    ])
    await context.close()
  })
})
