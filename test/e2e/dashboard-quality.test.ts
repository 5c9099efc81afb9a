import type { Browser, Page, WebSocketRoute } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshTab, launchChromium, type Tab } from './browser.ts'
import {
  inboxList,
  inboxRow,
  inboxTab,
  seriousViolations,
  showAll,
  signedInTab,
  signIn,
} from './dashboard-helpers.ts'
import {
  env,
  eventually,
  expectCount,
  hasFocus,
  openAndIntroduce,
  sendMessage,
  uniq,
  url,
} from './helpers.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 360, height: 740 }

/** The open conversation's message log. */
const messageLog = (page: Page) => page.getByRole('region', { name: 'Messages' })
/** The conversation pane's heading region ("Conversation {id}"). */
const conversationRegion = (page: Page) => page.getByRole('region', { name: /^Conversation \d+$/ })
/** The app's path of a conversation in the demo account. */
const conversationUrl = /\/app\/accounts\/\d+\/conversations\/\d+$/
const inboxUrl = /\/app\/accounts\/\d+\/dashboard$/

/** A visitor in the widget who has started a conversation with one message. */
async function visitorWith(firstMessage: string, prefix = 'Quinn Quality') {
  const tab = await freshTab(browser)
  await tab.page.goto(url('/'))
  const name = uniq(prefix)
  // A new email each time: the pre-chat form would otherwise find the earlier visitor's contact.
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`
  await openAndIntroduce(tab.page, name, email)
  await sendMessage(tab.page, firstMessage)
  return { ...tab, name }
}

/** A signed-in agent at this size, on the All tab. */
async function agentAt(size: { width: number; height: number }): Promise<Tab> {
  const tab = await signedInTab(browser, undefined, size)
  await showAll(tab.page)
  return tab
}

/** Nothing wider than the viewport: no sideways scrolling. */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await overflow(page)
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** Waits until no (finite) CSS animation or transition is running, so axe sees final colours. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  )

async function expectAxeClean(page: Page) {
  await settled(page)
  expect(await seriousViolations(page)).toEqual([])
}

describe('the dashboard with axe-core', () => {
  for (const [label, size] of [
    ['1366×768', DESKTOP],
    ['360×740', PHONE],
  ] as const) {
    it(`has no serious or critical violation on sign-in, the inbox and a conversation at ${label}`, async () => {
      const visitor = await visitorWith(uniq('Is this page accessible?'))
      const { context, page } = await freshTab(browser)
      await page.setViewportSize(size)

      await page.goto(url('/app/login'))
      await page.getByRole('button', { name: 'Sign in' }).waitFor()
      await expectAxeClean(page)

      await signIn(page)
      await showAll(page)
      const row = inboxRow(page, visitor.name)
      await row.waitFor()
      expect(await inboxList(page).getByRole('link').count()).toBeGreaterThan(0)
      await expectAxeClean(page)

      await row.click()
      await page.waitForURL(conversationUrl)
      await messageLog(page).getByText('Is this page accessible?').waitFor()
      await page.getByRole('textbox', { name: 'Reply' }).waitFor()
      await expectAxeClean(page)

      await Promise.all([context.close(), visitor.context.close()])
    })
  }
})

describe('the dashboard at 360 px', () => {
  it('shows one pane at a time, goes back to the list, and never scrolls sideways', async () => {
    const question = uniq('Does it work on my phone?')
    const visitor = await visitorWith(question)
    const { context, page } = await freshTab(browser)
    await page.setViewportSize(PHONE)

    await page.goto(url('/app/login'))
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await expectNoHorizontalOverflow(page)

    await signIn(page)
    await showAll(page)
    const row = inboxRow(page, visitor.name)
    await row.waitFor()
    // The inbox: the list, and no conversation pane beside it.
    expect(await inboxList(page).isVisible()).toBe(true)
    expect(await page.getByText('Choose a conversation to read it.').isVisible()).toBe(false)
    await expectNoHorizontalOverflow(page)

    await row.click()
    await page.waitForURL(conversationUrl)
    await messageLog(page).getByText(question).waitFor()
    // The conversation alone: the list is hidden, a way back is shown.
    expect(await conversationRegion(page).isVisible()).toBe(true)
    expect(await inboxList(page).isVisible()).toBe(false)
    const back = page.getByRole('link', { name: 'Back to inbox' })
    expect(await back.isVisible()).toBe(true)
    await expectNoHorizontalOverflow(page)

    await back.click()
    await page.waitForURL(inboxUrl)
    await inboxList(page).waitFor()
    await row.waitFor()
    expect(await conversationRegion(page).count()).toBe(0)
    expect(await back.count()).toBe(0)
    await expectNoHorizontalOverflow(page)

    await Promise.all([context.close(), visitor.context.close()])
  })

  it('shows both panes side by side on the desktop, with no back link', async () => {
    // The control for the test above: the same pages at 1366 px keep the list beside the conversation.
    const question = uniq('And on my laptop?')
    const visitor = await visitorWith(question)
    const { context, page } = await agentAt(DESKTOP)
    await page.getByText('Choose a conversation to read it.').waitFor()
    await inboxRow(page, visitor.name).click()
    await messageLog(page).getByText(question).waitFor()
    expect(await inboxList(page).isVisible()).toBe(true)
    expect(await conversationRegion(page).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Back to inbox' }).isVisible()).toBe(false)
    await expectNoHorizontalOverflow(page)
    await Promise.all([context.close(), visitor.context.close()])
  })
})

type CspViolation = { directive: string; blocked: string; sample: string }

describe('the dashboard’s Content-Security-Policy', () => {
  it("allows no 'unsafe-inline', and nothing violates it from sign-in to a sent reply", async () => {
    const question = uniq('Is your page locked down?')
    const visitor = await visitorWith(question)
    const { context, page } = await freshTab(browser)
    await page.setViewportSize(DESKTOP)
    const consoleViolations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text())
    })
    await page.addInitScript(() => {
      const seen: CspViolation[] = []
      Object.assign(window, { __cspViolations: seen })
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push({
          directive: event.violatedDirective,
          blocked: event.blockedURI,
          sample: event.sample,
        })
      })
    })

    const response = await page.goto(url('/app/login'))
    const policy = response?.headers()['content-security-policy'] ?? ''
    const directives = policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
    const named = (name: string) => directives.find((d) => d.split(/\s+/)[0] === name)
    expect(named('script-src')).toBe("script-src 'self'")
    expect(named('style-src')).toBe("style-src 'self'")
    expect(named('default-src')).toBeDefined()
    for (const directive of directives) expect(directive).not.toContain("'unsafe-inline'")
    // Every /app route is the same page under the same policy.
    const deep = await fetch(url(`/app/accounts/${env().accountId}/dashboard`))
    expect(deep.headers.get('content-security-policy')).toBe(policy)

    await signIn(page)
    await showAll(page)
    await inboxRow(page, visitor.name).click()
    await messageLog(page).getByText(question).waitFor()
    const reply = uniq('Yes, no inline script here.')
    await page.getByRole('textbox', { name: 'Reply' }).fill(reply)
    await page.getByRole('button', { name: 'Send' }).click()
    await messageLog(page).getByText(reply).waitFor()

    // The listener was in place in this document (a full navigation would have reset it).
    const violations = await page.evaluate(() => {
      const w = window as unknown as { __cspViolations?: CspViolation[] }
      return w.__cspViolations ?? null
    })
    expect(violations).toEqual([])
    expect(consoleViolations).toEqual([])
    await Promise.all([context.close(), visitor.context.close()])
  })
})

/**
 * Holds every dashboard WebSocket (the account feed and the open conversation's room) behind
 * Playwright's router, so the test can drop them and keep new ones from connecting.
 */
async function holdSockets(page: Page) {
  const held: { client: WebSocketRoute; server: WebSocketRoute; url: string }[] = []
  let down = false
  let refused = 0
  await page.routeWebSocket(/\/live(\?|$)/, (ws) => {
    if (down) {
      refused++
      ws.close()
      return
    }
    const server = ws.connectToServer()
    held.push({ client: ws, server, url: ws.url() })
  })
  return {
    /** The addresses of the sockets connected through the router, oldest first. */
    urls: () => held.map((h) => h.url),
    refused: () => refused,
    async drop() {
      down = true
      const all = held.splice(0)
      for (const { client, server } of all) {
        await client.close().catch(() => {})
        await server.close().catch(() => {})
      }
      return all.length
    },
    restore() {
      down = false
    },
  }
}

describe('the dashboard after its sockets drop', () => {
  it('resyncs the list and the open conversation: nothing missed, nothing twice', async () => {
    const first = uniq('Hello before the outage.')
    const visitor = await visitorWith(first, 'Rhea Reconnect')
    const { context, page, errors } = await freshTab(browser)
    await page.setViewportSize(DESKTOP)
    const sockets = await holdSockets(page)
    await signIn(page)
    errors.length = 0
    await showAll(page)
    const row = inboxRow(page, visitor.name)
    await row.click()
    const log = messageLog(page)
    await log.getByText(first).waitFor()

    // Both sockets are up: the account feed and this conversation's room.
    const connection = page.locator('.header').getByRole('status')
    await eventually(() => connection.textContent()).toBe('Live')
    await eventually(() => sockets.urls().some((u) => /\/conversations\/\d+\/live/.test(u))).toBe(
      true,
    )
    await eventually(() => sockets.urls().some((u) => /\/accounts\/\d+\/live/.test(u))).toBe(true)

    expect(await sockets.drop()).toBeGreaterThanOrEqual(2)
    await eventually(() => connection.textContent()).toBe('Reconnecting…')
    await conversationRegion(page)
      .getByRole('status')
      .filter({ hasText: 'Reconnecting…' })
      .waitFor()

    const during1 = uniq('First while you were away.')
    const during2 = uniq('Second while you were away.')
    await sendMessage(visitor.page, during1)
    await sendMessage(visitor.page, during2)
    // With both sockets down nothing has reached the agent yet (and nothing polls).
    expect(await log.getByText(during1).count()).toBe(0)
    expect(await log.getByText(during2).count()).toBe(0)
    expect(sockets.urls()).toEqual([])

    sockets.restore()
    // Reconnecting waits out the backoff (up to 15 s between attempts).
    await eventually(() => connection.textContent(), { timeout: 40_000 }).toBe('Live')
    await eventually(() => log.getByText(during2).count(), { timeout: 20_000 }).toBe(1)
    await expectCount(log.getByText(during1), 1)
    await expectCount(log.getByText(first), 1)
    await eventually(() => row.textContent()).toContain(during2)
    // The room reconnected too, asking for what came after the newest message it held.
    await eventually(() => sockets.urls().some((u) => /\/conversations\/\d+\/live/.test(u)), {
      timeout: 40_000,
    }).toBe(true)

    // Live again: a further message shows once, neither replayed nor doubled by the resync.
    const after = uniq('And one more, live.')
    await sendMessage(visitor.page, after)
    await expectCount(log.getByText(after), 1)
    await eventually(() => row.textContent()).toContain(after)
    for (const text of [first, during1, during2, after]) {
      expect(await log.getByText(text).count()).toBe(1)
    }
    expect(errors).toEqual([])
    await Promise.all([context.close(), visitor.context.close()])
  }, 150_000)
})

/** Records, after the app's own listeners ran, whether each keydown was taken as a shortcut. */
async function recordKeys(page: Page) {
  await page.evaluate(() => {
    const keys: { key: string; alt: boolean; taken: boolean }[] = []
    Object.assign(window, { __keys: keys })
    window.addEventListener('keydown', (event) => {
      keys.push({ key: event.key, alt: event.altKey, taken: event.defaultPrevented })
    })
  })
}
const recordedKeys = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __keys: { key: string; alt: boolean; taken: boolean }[] }).__keys,
  )

describe('the dashboard’s keyboard shortcuts', () => {
  it('? opens the sheet, j opens a conversation, r replies, n notes, and Alt+j does nothing', async () => {
    const question = uniq('Can I use the keyboard?')
    const visitor = await visitorWith(question)
    const { context, page } = await agentAt(DESKTOP)
    await inboxRow(page, visitor.name).waitFor()
    await recordKeys(page)

    // ? opens the cheat sheet; Escape closes it and gives focus back.
    const allTab = inboxTab(page, 'All')
    await allTab.focus()
    await page.keyboard.press('?')
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await sheet.waitFor()
    await eventually(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expectCount(sheet, 0)
    await eventually(() => hasFocus(allTab)).toBe(true)

    // Alt+j is a letter on some layouts: nothing happens.
    const before = page.url()
    await page.keyboard.press('Alt+j')
    expect(page.url()).toBe(before)
    expect(await recordedKeys(page)).toContainEqual({ key: 'j', alt: true, taken: false })
    expect(await conversationRegion(page).count()).toBe(0)

    // j opens the first conversation of the list.
    const firstHref = await inboxList(page).getByRole('link').first().getAttribute('href')
    expect(firstHref).toMatch(/\/conversations\/\d+$/)
    await page.keyboard.press('j')
    await page.waitForURL(url(firstHref!))
    await conversationRegion(page).waitFor()
    expect(await recordedKeys(page)).toContainEqual({ key: 'j', alt: false, taken: true })

    // r focuses the reply box.
    const reply = page.getByRole('textbox', { name: 'Reply' })
    await reply.waitFor()
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('r')
    await eventually(() => hasFocus(reply)).toBe(true)
    // In a text field a letter is a letter, not a command.
    await page.keyboard.press('n')
    expect(await reply.inputValue()).toBe('n')
    await reply.fill('')

    // n switches the composer to a private note.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('n')
    const note = page.getByRole('textbox', { name: 'Private note' })
    await eventually(() => hasFocus(note)).toBe(true)
    expect(
      await page.getByRole('button', { name: 'Private note' }).getAttribute('aria-pressed'),
    ).toBe('true')
    expect(await page.getByRole('textbox', { name: 'Reply' }).count()).toBe(0)

    await Promise.all([context.close(), visitor.context.close()])
  })
})

describe('the dashboard’s tab title', () => {
  it('counts the conversations with unread messages while the agent is on the inbox', async () => {
    const { context, page } = await agentAt(DESKTOP)
    // The list has loaded (the title counts what it holds).
    await inboxList(page).getByRole('link').first().waitFor()
    const title = await page.title()
    expect(title).toMatch(/^(\(\d+\) )?Parley$/)
    const before = Number(/^\((\d+)\)/.exec(title)?.[1] ?? 0)

    const question = uniq('Anyone there?')
    const visitor = await visitorWith(question, 'Tia Title')
    const row = inboxRow(page, visitor.name)
    await row.waitFor()
    await eventually(() => page.title()).toBe(`(${before + 1}) Parley`)

    // A second message in the same unread conversation: more unread messages, the same count of
    // conversations.
    await sendMessage(visitor.page, uniq('Hello?'))
    await eventually(() => row.textContent()).toContain('2 unread')
    expect(await page.title()).toBe(`(${before + 1}) Parley`)

    // Reading it takes it off the count.
    await row.click()
    await messageLog(page).getByText(question).waitFor()
    await eventually(() => page.title()).toBe(before > 0 ? `(${before}) Parley` : 'Parley')

    await Promise.all([context.close(), visitor.context.close()])
  })
})
