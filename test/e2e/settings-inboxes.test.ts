import { describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import {
  adminCredentials,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, eventually, eventuallyApi, expectCount, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

describe('the inbox settings pages', () => {
  // One journey through three pages (axe twice on each) and two visitor pages: longer than the
  // default minute on a busy machine.
  it('create a website inbox whose pasted snippet carries a chat into the inbox', async () => {
    const admin = await signedInTab(browser(), adminCredentials())
    const { page } = admin
    await page.goto(url(`/app/accounts/${env().accountId}/settings/inboxes`))
    await page.getByRole('heading', { level: 1, name: 'Inboxes' }).waitFor()
    await page.getByRole('table').waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await page.getByRole('link', { name: 'Add inbox' }).click()
    await page.getByRole('heading', { level: 1, name: 'Add an inbox' }).waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    const name = uniq('Hat shop')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Website URL').fill('https://hats.example.com')
    await page.getByRole('button', { name: 'Create inbox' }).click()
    await page.getByRole('heading', { level: 2, name: 'Add the chat to your website' }).waitFor()
    const codeOf = (caption: string) =>
      page.locator('figure', { hasText: caption }).locator('code').textContent()
    const snippet = await codeOf('Embed snippet')
    const chatwootSnippet = await codeOf('Chatwoot-style snippet')
    expect(snippet).toMatch(
      new RegExp(`^<script src="${env().baseUrl}/widget.js\\?inbox=[^"]+" async></script>$`),
    )
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    // The inbox's settings: a greeting, and the allowed domains the test page is served from.
    await page.getByRole('link', { name: `Open the settings of ${name}` }).click()
    await page.getByRole('heading', { level: 1, name: `Inbox: ${name}` }).waitFor()
    const inboxId = Number(page.url().split('/').at(-1))
    const greeting = uniq('Hello from the hat shop')
    await page.getByLabel('Welcome title').fill(greeting)
    await expectCount(page.getByTestId('widget-preview').getByText(greeting), 1)
    await page.getByLabel('Allowed domains').fill(new URL(env().baseUrl).hostname)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Saved.').waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    // A page with nothing but the pasted snippet, on the worker's (allowed) host: written into
    // a plain response of it, so the browser treats it as that host's page (a page fulfilled by
    // the test itself would be a public page, refused sockets to a local address).
    const visitor = await freshTab(browser())
    await visitor.page.goto(url('/health'))
    await visitor.page.setContent(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hat shop</title></head><body><main><h1>Hats</h1></main>${snippet}</body></html>`,
    )
    await visitor.page.locator('parley-widget button[aria-haspopup="dialog"]').click()
    const dialog = visitor.page.getByRole('dialog', { name: `Chat with ${name}` })
    await dialog.getByText(greeting).waitFor()
    const question = uniq('Do you have this hat in blue?')
    await dialog.getByRole('textbox', { name: 'Type your message' }).fill(question)
    await dialog.getByRole('button', { name: 'Send message' }).click()
    const bubble = dialog.locator('.message.mine', { hasText: question })
    await expectCount(bubble, 1)
    await eventually(() => bubble.getAttribute('data-delivery')).toBeNull()

    // It arrived in the new inbox, as the API tells the administrator.
    const admin$ = (path: string) => agentApi(path, undefined, env().adminToken)
    await eventuallyApi(async () => {
      const list = await admin$(`/conversations?inbox_id=${inboxId}&status=all`)
      const [conversation] = list.data.payload as { id: number }[]
      if (!conversation) return []
      const messages = await admin$(`/conversations/${conversation.id}/messages`)
      return (messages.payload as { content: string }[]).map((m) => m.content)
    }).toContain(question)
    expect(visitor.errors).toEqual([])

    // Chatwoot's snippet, pasted instead, opens the same inbox's chat.
    const chatwootSite = await freshTab(browser())
    await chatwootSite.page.goto(url('/health'))
    await chatwootSite.page.setContent(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hat shop</title></head><body><main><h1>Hats</h1></main>${chatwootSnippet}</body></html>`,
    )
    await chatwootSite.page.locator('parley-widget button[aria-haspopup="dialog"]').click()
    await chatwootSite.page
      .getByRole('dialog', { name: `Chat with ${name}` })
      .getByText(greeting)
      .waitFor()
    expect(chatwootSite.errors).toEqual([])

    // Deleting it goes back to the list, without it.
    await page.getByRole('button', { name: `Delete inbox ${name}` }).click()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Inboxes' }).waitFor()
    await page.getByRole('table').waitFor()
    await expectCount(page.getByRole('link', { name }), 0)
  }, 180_000)
})
