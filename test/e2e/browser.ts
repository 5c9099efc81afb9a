import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
// Debian's Chromium: the e2e tests drive the browser the machine has, not a downloaded one.
import { CHROMIUM } from '../../scripts/setup.mjs'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

export type Tab = { context: BrowserContext; page: Page; errors: string[] }

/** A fresh context (no cookies, no storage) with one page; page errors are collected. */
export async function freshTab(browser: Browser): Promise<Tab> {
  const context = await browser.newContext()
  // Long enough for a slow shared machine, short enough that a hang names its step quickly.
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    const source = message.location().url
    // The browser asks every origin for /favicon.ico on its own; the demo pages have none.
    if (message.type() !== 'error' || source.endsWith('/favicon.ico')) return
    errors.push(`console: ${message.text()} (${source || 'no url'})`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`http ${response.status()}: ${response.url()}`)
  })
  return { context, page, errors }
}
