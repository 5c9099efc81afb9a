import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  PHONE,
  seriousViolations,
  sharedBrowser,
  signedInTab,
} from './dashboard-helpers.ts'
import { agentApi, env, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

/** A contact with one conversation in the website inbox, made through the API. */
async function contactWithConversation(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`
  const created = await agentApi(
    '/contacts',
    { name, email, inbox_id: env().websiteInboxId },
    env().adminToken,
  )
  const contactId: number = created.payload.contact.id
  const conversation = await agentApi(
    '/conversations',
    {
      inbox_id: env().websiteInboxId,
      contact_id: contactId,
      message: { content: 'Where is my order?' },
    },
    env().adminToken,
  )
  return { contactId, email, displayId: conversation.id as number }
}

const contactsTable = (page: Page) => page.getByRole('table', { name: 'Contacts' })

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(text)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
}

async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

/** A CSV of two good rows and one whose email is not an address, in a temporary folder. */
function csvFile(prefix: string) {
  const slug = prefix.toLowerCase().replace(/\W+/g, '.')
  const rows = [
    'name,email,phone_number',
    `${prefix} One,${slug}.one@example.com,`,
    `${prefix} Two,${slug}.two@example.com,+14155550100`,
    `${prefix} Broken,not-an-address,`,
  ]
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-contacts-')), 'contacts.csv')
  writeFileSync(file, `${rows.join('\n')}\n`)
  return { file, emails: [`${slug}.one@example.com`, `${slug}.two@example.com`] }
}

describe('the contacts page as the administrator', () => {
  it('searches, opens a contact with its conversation, imports a CSV and exports the result', async () => {
    const name = uniq('Cora Contact')
    const seeded = await contactWithConversation(name)
    const { page } = await signedInTab(browser(), adminCredentials())
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Contacts' })
      .click()
    await page.waitForURL(/\/app\/accounts\/\d+\/contacts$/)
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await contactsTable(page).waitFor()
    await expectAxeClean(page)

    await search(page, name)
    const link = contactsTable(page).getByRole('link', { name })
    await link.waitFor()
    await expect.poll(() => contactsTable(page).getByRole('row').count()).toBe(2)
    await link.click()
    await page.waitForURL(new RegExp(`/contacts/${seeded.contactId}$`))
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await page.getByRole('region', { name: 'Details' }).getByText(seeded.email).waitFor()
    const conversation = page
      .getByRole('region', { name: 'Conversations' })
      .getByRole('link', { name: `Conversation #${seeded.displayId}` })
    await conversation.waitFor()
    expect(await conversation.getAttribute('href')).toBe(
      `/app/accounts/${env().accountId}/conversations/${seeded.displayId}`,
    )
    await expectAxeClean(page)

    // Back to the list, which kept its search.
    await page.getByRole('link', { name: 'All contacts' }).click()
    await expect
      .poll(() => page.getByRole('searchbox', { name: 'Search contacts' }).inputValue())
      .toBe(name)

    const prefix = uniq('Imported')
    const csv = csvFile(prefix)
    await page.getByLabel('CSV file').setInputFiles(csv.file)
    await page.getByRole('button', { name: 'Import' }).click()
    await page.getByText('Import finished: 2 imported, 1 failed.').waitFor({ timeout: 30_000 })
    const bar = page.getByRole('progressbar', { name: 'Import progress' })
    expect(await bar.getAttribute('aria-valuenow')).toBe('3')
    const failedRows = page.getByRole('link', { name: 'Download the 1 failed rows' })
    const failed = await page.request.get(url((await failedRows.getAttribute('href')) as string))
    expect(failed.status()).toBe(200)
    expect(await failed.text()).toContain('not-an-address')

    await search(page, prefix)
    await expect.poll(() => contactsTable(page).getByRole('row').count()).toBe(3)
    await page.getByRole('button', { name: 'Export' }).click()
    const download = page.getByRole('link', { name: 'Download CSV' })
    await download.waitFor({ timeout: 30_000 })
    const exported = await page.request.get((await download.getAttribute('href')) as string)
    expect(exported.status()).toBe(200)
    const text = await exported.text()
    for (const email of csv.emails) expect(text).toContain(email)
    expect(text).not.toContain(seeded.email)
    // The finished import's progressbar and links, and the export's, pass axe too.
    await expectAxeClean(page)
  })

  it('has no serious axe violations on the list and a contact at 360 px wide', async () => {
    const name = uniq('Phoebe Phone')
    const seeded = await contactWithConversation(name)
    const { page } = await signedInTab(browser(), adminCredentials(), PHONE)
    await page.goto(url(`/app/accounts/${env().accountId}/contacts`))
    await contactsTable(page).waitFor()
    await expectAxeClean(page)

    await page.goto(url(`/app/accounts/${env().accountId}/contacts/${seeded.contactId}`))
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await page.getByRole('region', { name: 'Conversations' }).getByRole('link').first().waitFor()
    await expectAxeClean(page)
  })
})
