import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { ACCOUNT, contact, renderPage, services, settle } from './harness'

const contacts = `/api/v1/accounts/${ACCOUNT}/contacts`
const mergePath = `/api/v1/accounts/${ACCOUNT}/actions/contact_merge`

/** Contact 42 claims Olivia's email; the duplicates endpoint finds Olivia (7) when it matches. */
function duplicateServer(claims: Record<string, string> = { email: 'olivia@example.com' }) {
  const merges: unknown[] = []
  const olivia = contact(7, { name: 'Olivia Owner', email: 'olivia@example.com' })
  const visitor = contact(42, {
    name: 'swift-river-4821',
    email: null,
    additional_attributes: { unverified_claims: claims },
  })
  const server = services(async (url, request) => {
    if (url.pathname === `${contacts}/42`) return Response.json({ payload: visitor })
    if (url.pathname === `${contacts}/7`) return Response.json({ payload: olivia })
    if (url.pathname.endsWith('/labels')) return Response.json({ payload: [] })
    if (url.pathname.endsWith('/conversations')) return Response.json({ payload: [] })
    if (url.pathname === `${contacts}/42/duplicates`) {
      return Response.json({ payload: claims.email === 'olivia@example.com' ? [olivia] : [] })
    }
    if (url.pathname === mergePath && request.method === 'POST') {
      merges.push(await request.json())
      return Response.json(olivia)
    }
    return undefined
  })
  return { ...server, merges }
}

describe("a contact's possible duplicate", () => {
  it('names the contact holding what this one claims, with a link to it', async () => {
    const { services: s } = duplicateServer()
    await renderPage(s, 42)
    const notice = screen.getByRole('region', { name: 'Possible duplicate' })
    expect(notice.textContent).toContain('Possible duplicate of Olivia Owner')
    const link = within(notice).getByRole('link', { name: 'Olivia Owner' })
    expect(link.getAttribute('href')).toBe('/app/accounts/1/contacts/7')
  })

  it('lists the claims among the details, marked unverified, and not as a raw attribute', async () => {
    const { services: s } = duplicateServer({
      email: 'olivia@example.com',
      phone_number: '+15550100',
    })
    await renderPage(s, 42)
    const details = screen.getByRole('region', { name: 'Details' })
    expect(within(details).getByText('Email (unverified)').nextElementSibling?.textContent).toBe(
      'olivia@example.com',
    )
    expect(within(details).getByText('Phone (unverified)').nextElementSibling?.textContent).toBe(
      '+15550100',
    )
    expect(screen.queryByText('unverified_claims')).toBeNull()
  })

  it('merges this contact into that one only once confirmed, then opens it', async () => {
    const { services: s, merges } = duplicateServer()
    await renderPage(s, 42)
    fireEvent.click(screen.getByRole('button', { name: 'Merge into Olivia Owner' }))
    expect(merges).toEqual([])
    expect(
      screen.getByText(
        'Merge swift-river-4821 into Olivia Owner? Conversations, notes, contact inboxes, labels and attributes move to Olivia Owner, and swift-river-4821 is deleted.',
      ),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }))
    await settle()
    expect(merges).toEqual([{ base_contact_id: 7, mergee_contact_id: 42 }])
    expect(s.navigate).toHaveBeenCalledWith('/app/accounts/1/contacts/7')
  })

  it('shows nothing when the account has no other contact with the same email, phone or identifier', async () => {
    const { services: s, requests } = duplicateServer({ phone_number: '+15550000000' })
    await renderPage(s, 42)
    expect(requests.some((u) => u.pathname === `${contacts}/42/duplicates`)).toBe(true)
    expect(screen.queryByRole('region', { name: 'Possible duplicate' })).toBeNull()
  })
})
