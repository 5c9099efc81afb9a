import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { ACCOUNT, contact, renderPage, services, settle } from './harness'

const contacts = `/api/v1/accounts/${ACCOUNT}/contacts`
const mergePath = `/api/v1/accounts/${ACCOUNT}/actions/contact_merge`

/** Contact 42 claims Olivia's email; the search finds Olivia (7) and 42 itself. */
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
    if (url.pathname === `${contacts}/search`) {
      const q = url.searchParams.get('q')
      const payload = q === 'olivia@example.com' ? [olivia, visitor] : []
      return Response.json({
        meta: { count: payload.length, current_page: 1, has_more: false },
        payload,
      })
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
    expect(screen.getByText('Merge this contact into Olivia Owner?')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }))
    await settle()
    expect(merges).toEqual([{ base_contact_id: 7, mergee_contact_id: 42 }])
    expect(s.navigate).toHaveBeenCalledWith('/app/accounts/1/contacts/7')
  })

  it('shows nothing when no other contact holds the claim, or there is no claim', async () => {
    const { services: s, requests } = duplicateServer({ phone_number: '+15550000000' })
    await renderPage(s, 42)
    expect(screen.queryByRole('region', { name: 'Possible duplicate' })).toBeNull()
    expect(requests.some((u) => u.pathname === `${contacts}/search`)).toBe(true)
    const plain = services((url) => {
      if (url.pathname === `${contacts}/42`) return Response.json({ payload: contact(42) })
      return Response.json({ payload: [] })
    })
    await renderPage(plain.services, 42)
    expect(plain.requests.some((u) => u.pathname === `${contacts}/search`)).toBe(false)
  })
})
