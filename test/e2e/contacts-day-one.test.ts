import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  DESKTOP,
  NO_VIOLATIONS,
  PHONE,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, publicApi, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

const contactPage = (id: number) => url(`/app/accounts/${env().accountId}/contacts/${id}`)
const slug = (name: string) => name.toLowerCase().replace(/\W+/g, '.')

async function screenshots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: `/tmp/contacts-day-one-${name}-1366.png`, fullPage: true })
  await page.setViewportSize(PHONE)
  await page.screenshot({ path: `/tmp/contacts-day-one-${name}-360.png`, fullPage: true })
  await page.setViewportSize(DESKTOP)
}

/** A visitor of the website who chatted without giving an email, phone number or identifier. */
async function anonymousVisitor() {
  const name = uniq('Anon Visitor')
  const visitor = await publicApi('/contacts', { name })
  const conversation = await publicApi(`/contacts/${visitor.source_id}/conversations`, {
    message: { content: 'Hello, anyone there?' },
  })
  return { name, id: visitor.id as number, displayId: conversation.id as number }
}

describe('contacts on day one, as the administrator', () => {
  it('lists a visitor who chatted anonymously under All visitors, not under Identified', async () => {
    const visitor = await anonymousVisitor()
    const { page } = await signedInTab(browser(), adminCredentials())
    await page.goto(url(`/app/accounts/${env().accountId}/contacts`))
    const views = page.getByRole('group', { name: 'Which contacts' })
    await views.getByRole('button', { name: 'Identified' }).waitFor()
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(visitor.name)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page
      .getByText('No identified contacts match. “All visitors” searches anonymous visitors too.')
      .waitFor()

    await views.getByRole('button', { name: 'All visitors' }).click()
    expect(
      await views.getByRole('button', { name: 'All visitors' }).getAttribute('aria-pressed'),
    ).toBe('true')
    const row = page
      .getByRole('table', { name: 'Contacts' })
      .getByRole('link', { name: visitor.name })
    await row.waitFor()
    await screenshots(page, 'all-visitors')
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
  })

  it('edits a contact: an invalid email is refused in words under the field, a valid one saves', async () => {
    const name = uniq('Edith Edit')
    const created = await agentApi('/contacts', { name }, env().adminToken)
    const id = created.payload.contact.id as number
    const { page } = await signedInTab(browser(), adminCredentials())
    await page.goto(contactPage(id))
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await page.getByRole('button', { name: 'Edit contact' }).click()
    const form = page.getByRole('form', { name: 'Edit contact' })
    const email = form.getByRole('textbox', { name: 'Email' })
    await email.fill('not-an-email')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByText('Enter an email address like name@example.com.').waitFor()
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    await screenshots(page, 'edit-error')
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    const address = `${slug(name)}@example.com`
    await email.fill(address)
    await form.getByRole('textbox', { name: 'Phone' }).fill('+14155550199')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Contact saved.').waitFor()
    const details = page.getByRole('region', { name: 'Details' })
    await details.getByText(address).waitFor()
    await details.getByText('+14155550199').waitFor()
    const stored = await fetch(url(`/api/v1/accounts/${env().accountId}/contacts/${id}`), {
      headers: { api_access_token: env().adminToken },
    }).then((res) => res.json())
    expect(stored.payload).toMatchObject({ email: address, phone_number: '+14155550199' })
  })

  it('adds a note to a contact and deletes it', async () => {
    const name = uniq('Nora Note')
    const created = await agentApi('/contacts', { name }, env().adminToken)
    const { page } = await signedInTab(browser(), adminCredentials())
    await page.goto(contactPage(created.payload.contact.id))
    const notes = page.getByRole('region', { name: 'Notes' })
    await notes.getByRole('textbox', { name: 'New note' }).fill('Prefers a call after 5 pm')
    await notes.getByRole('button', { name: 'Add note' }).click()
    await notes.getByText('Prefers a call after 5 pm').waitFor()
    await screenshots(page, 'note')
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await notes.getByRole('button', { name: 'Delete note' }).click()
    await notes.getByRole('button', { name: 'Delete', exact: true }).click()
    await notes.getByText('No notes yet.').waitFor()
  })

  it('suggests the contact with the same email, says what a merge moves, and merges onto the kept contact', async () => {
    const name = uniq('Mia Merge')
    const email = `${slug(name)}@example.com`
    const owner = await agentApi(
      '/contacts',
      { name, email, inbox_id: env().websiteInboxId },
      env().adminToken,
    )
    const ownerId = owner.payload.contact.id as number
    const ownConversation = await agentApi(
      '/conversations',
      { inbox_id: env().websiteInboxId, contact_id: ownerId, message: { content: 'First visit' } },
      env().adminToken,
    )
    // The same person on the website, giving the same email: a second contact with it as a claim.
    const visitorName = uniq('Mia on the website')
    const visitor = await publicApi('/contacts', { name: visitorName, email })
    const visitorId = visitor.id as number
    expect(visitorId).not.toBe(ownerId)
    const visitorConversation = await publicApi(`/contacts/${visitor.source_id}/conversations`, {
      message: { content: 'Second visit' },
    })
    await agentApi(
      `/contacts/${visitorId}/notes`,
      { content: 'Asked about refunds' },
      env().adminToken,
    )

    const { page } = await signedInTab(browser(), adminCredentials())
    await page.goto(contactPage(ownerId))
    const notice = page.getByRole('region', { name: 'Possible duplicate' })
    await notice.getByRole('link', { name: visitorName }).waitFor()
    await notice.getByRole('button', { name: `Merge ${visitorName} into this contact` }).click()
    await notice
      .getByText(
        `Merge ${visitorName} into ${name}? Conversations, notes, contact inboxes, labels and attributes move to ${name}, and ${visitorName} is deleted.`,
      )
      .waitFor()
    await screenshots(page, 'merge-confirm')
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await notice.getByRole('button', { name: 'Merge', exact: true }).click()

    const conversations = page.getByRole('region', { name: 'Conversations' })
    await conversations
      .getByRole('link', { name: `Conversation #${visitorConversation.id}` })
      .waitFor()
    await conversations.getByRole('link', { name: `Conversation #${ownConversation.id}` }).waitFor()
    await page.getByRole('region', { name: 'Notes' }).getByText('Asked about refunds').waitFor()
    expect(page.url()).toBe(contactPage(ownerId))
    expect(await page.getByRole('region', { name: 'Possible duplicate' }).count()).toBe(0)
    await screenshots(page, 'merged')
    const gone = await fetch(url(`/api/v1/accounts/${env().accountId}/contacts/${visitorId}`), {
      headers: { api_access_token: env().adminToken },
    })
    expect(gone.status).toBe(404)
  })
})
