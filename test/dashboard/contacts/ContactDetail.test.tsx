import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { conversation } from '../fake-api'
import { ACCOUNT, contact, renderPage, services } from './harness'

const base = `/api/v1/accounts/${ACCOUNT}/contacts/42`

function detailServer(conversations = [conversation(7), conversation(9, { status: 'resolved' })]) {
  return services((url) => {
    if (url.pathname === base) {
      return Response.json({
        payload: contact(42, {
          name: 'Ana Lima',
          phone_number: '+5511999990000',
          identifier: 'crm-42',
          additional_attributes: {
            city: 'São Paulo',
            country: 'Brazil',
            company_name: 'Lima Ltda',
            source: 'import',
          },
          custom_attributes: { plan: 'gold' },
        }),
      })
    }
    if (url.pathname === `${base}/labels`) return Response.json({ payload: ['billing', 'vip'] })
    if (url.pathname === `/api/v1/accounts/${ACCOUNT}/contacts/42/conversations`) {
      return Response.json({ payload: conversations })
    }
    return undefined
  })
}

describe("a contact's detail", () => {
  it('shows the attributes, custom and other attributes, and the labels', async () => {
    const { services: s } = detailServer()
    await renderPage(s, 42)
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Lima' })).toBeTruthy()
    const details = screen.getByRole('region', { name: 'Details' })
    const facts = [...details.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ])
    expect(facts).toEqual(
      expect.arrayContaining([
        ['Email', 'contact42@example.com'],
        ['Phone', '+5511999990000'],
        ['Identifier', 'crm-42'],
        ['Location', 'São Paulo, Brazil'],
        ['Company', 'Lima Ltda'],
      ]),
    )
    expect(
      within(screen.getByRole('region', { name: 'Custom attributes' })).getByText('gold'),
    ).toBeTruthy()
    const other = screen.getByRole('region', { name: 'Other attributes' })
    expect(within(other).getByText('source')).toBeTruthy()
    expect(within(other).queryByText('city')).toBeNull()
    const labels = within(screen.getByRole('region', { name: 'Labels' })).getAllByRole('listitem')
    expect(labels.map((l) => l.textContent)).toEqual(['billing', 'vip'])
  })

  it('lists their conversations, each a link that opens it in the app', async () => {
    const { services: s } = detailServer()
    await renderPage(s, 42)
    const section = screen.getByRole('region', { name: 'Conversations' })
    const links = within(section).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Conversation #7', '/app/accounts/1/conversations/7'],
      ['Conversation #9', '/app/accounts/1/conversations/9'],
    ])
    expect(within(section).getByText(/Resolved/)).toBeTruthy()
    expect(within(section).getByText('Last message: hello from 7')).toBeTruthy()
    fireEvent.click(links[1] as HTMLElement)
    expect(s.navigate).toHaveBeenCalledWith('/app/accounts/1/conversations/9')
  })

  it('says when there are no conversations and no labels', async () => {
    const { services: s } = services((url) => {
      if (url.pathname === base) return Response.json({ payload: contact(42) })
      if (url.pathname === `${base}/labels`) return Response.json({ payload: [] })
      if (url.pathname === `${base}/conversations`) return Response.json({ payload: [] })
      return undefined
    })
    await renderPage(s, 42)
    expect(screen.getByText('No labels.')).toBeTruthy()
    expect(screen.getByText('No conversations you can see.')).toBeTruthy()
  })

  it('goes back to the list in the app', async () => {
    const { services: s } = detailServer()
    await renderPage(s, 42)
    fireEvent.click(screen.getByRole('link', { name: 'All contacts' }))
    expect(s.navigate).toHaveBeenCalledWith('/app/accounts/1/contacts')
  })

  it("shows the API's message for a contact that is not there", async () => {
    const { services: s } = services(() => undefined)
    await renderPage(s, 42)
    expect(screen.getByRole('alert').textContent).toBe('Not found')
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy()
  })
})
