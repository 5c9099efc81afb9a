import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, publicApi, uniq, url } from './helpers.ts'

const browser = sharedBrowser()

/**
 * A known contact, and a visitor of the website who typed that contact's email (so the public
 * API gave it a contact of its own, with the email as a claim) and started a conversation.
 */
async function ownerAndClaimer() {
  const name = uniq('Olivia Owner')
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`
  const owner = await agentApi('/contacts', { name, email }, env().adminToken)
  const visitor = await publicApi('/contacts', { name: uniq('Visitor'), email })
  const conversation = await publicApi(`/contacts/${visitor.source_id}/conversations`, {})
  return {
    name,
    ownerId: owner.payload.contact.id as number,
    visitorId: visitor.id as number,
    displayId: conversation.id as number,
  }
}

describe("a contact's possible duplicate, as the administrator", () => {
  it('shows the notice at both widths without serious axe violations, and merges once confirmed', async () => {
    const seeded = await ownerAndClaimer()
    expect(seeded.visitorId).not.toBe(seeded.ownerId)
    const { page } = await signedInTab(browser(), adminCredentials())
    await page.goto(url(`/app/accounts/${env().accountId}/contacts/${seeded.visitorId}`))
    const notice = page.getByRole('region', { name: 'Possible duplicate' })
    await notice.getByText(`Possible duplicate of ${seeded.name}`).waitFor()
    expect(await notice.getByRole('link', { name: seeded.name }).getAttribute('href')).toBe(
      `/app/accounts/${env().accountId}/contacts/${seeded.ownerId}`,
    )
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await notice.getByRole('button', { name: `Merge into ${seeded.name}` }).click()
    await notice
      .getByText(
        new RegExp(
          `into ${seeded.name}\\? Conversations, notes, contact inboxes, labels and attributes move to ${seeded.name}, and .* is deleted\\.`,
        ),
      )
      .waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    await notice.getByRole('button', { name: 'Merge', exact: true }).click()

    await page.waitForURL(new RegExp(`/contacts/${seeded.ownerId}$`))
    await page.getByRole('heading', { level: 1, name: seeded.name }).waitFor()
    await page
      .getByRole('region', { name: 'Conversations' })
      .getByRole('link', { name: `Conversation #${seeded.displayId}` })
      .waitFor()
    expect(await page.getByRole('region', { name: 'Possible duplicate' }).count()).toBe(0)
    const gone = await fetch(
      url(`/api/v1/accounts/${env().accountId}/contacts/${seeded.visitorId}`),
      {
        headers: { api_access_token: env().adminToken },
      },
    )
    expect(gone.status).toBe(404)
  })
})
