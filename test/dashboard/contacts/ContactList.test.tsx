import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { ACCOUNT, contact, labelsAnswer, renderPage, services, settle } from './harness'

const base = `/api/v1/accounts/${ACCOUNT}`

/** A fake account of 20 contacts (two pages), 'vip' on the even ones; search finds by name. */
function contactsServer() {
  const everyone = Array.from({ length: 20 }, (_, i) =>
    contact(i + 1, {
      name: i === 2 ? 'Zoë Example' : `Contact ${i + 1}`,
      phone_number: i === 0 ? '+351912345678' : null,
      additional_attributes:
        i === 0 ? { city: 'Lisbon', country: 'Portugal', company_name: 'Acme' } : {},
    }),
  )
  return services((url) => {
    if (url.pathname === `${base}/labels`) return labelsAnswer('vip', 'billing')
    if (url.pathname === `${base}/contacts`) {
      const page = Number(url.searchParams.get('page') ?? 1)
      const label = url.searchParams.getAll('labels[]')
      const matching = label.includes('vip') ? everyone.filter((c) => c.id % 2 === 0) : everyone
      // As the API: a cursor starts after the contact it names; a full page names its last one.
      const cursor = url.searchParams.get('cursor')
      const start = cursor ? Number(cursor.replace('after-', '')) : (page - 1) * 15
      const payload = matching.slice(start, start + 15)
      return Response.json({
        meta: {
          count: matching.length,
          current_page: page,
          ...(payload.length === 15 ? { next_cursor: `after-${start + 15}` } : {}),
        },
        payload,
      })
    }
    if (url.pathname === `${base}/contacts/search`) {
      const q = (url.searchParams.get('q') ?? '').toLowerCase()
      const found = everyone.filter((c) => c.name.toLowerCase().includes(q))
      return Response.json({
        meta: { count: found.length, current_page: 1, has_more: false },
        payload: found,
      })
    }
    return undefined
  })
}

/** The list's own status line (the import and export panels have theirs). */
const countText = () => document.querySelector('.contacts-count[role="status"]')?.textContent

const rows = () =>
  within(screen.getByRole('table', { name: 'Contacts' }))
    .getAllByRole('row')
    .slice(1)

describe('the contacts list', () => {
  it('shows a page of contacts with name, email, phone, location, company and created', async () => {
    const { services: s } = contactsServer()
    await renderPage(s)
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy()
    expect(countText()).toBe('20 contacts')
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    // Newest first unless the reader sorts otherwise: the mark is hidden, aria-sort says it.
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Location', 'Company', 'Created▼'])
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe(
      'descending',
    )
    expect(rows()).toHaveLength(15)
    const first = within(rows()[0] as HTMLElement)
    expect(first.getByRole('link', { name: 'Contact 1' }).getAttribute('href')).toBe(
      '/app/accounts/1/contacts/1',
    )
    expect(first.getByText('contact1@example.com')).toBeTruthy()
    expect(first.getByText('+351912345678')).toBeTruthy()
    expect(first.getByText('Lisbon, Portugal')).toBeTruthy()
    expect(first.getByText('Acme')).toBeTruthy()
    const created = (rows()[0] as HTMLElement).querySelector('time')
    expect(created?.getAttribute('datetime')).toBe(new Date(1_763_000_001_000).toISOString())
  })

  it('pages forward and back, saying which page of how many', async () => {
    const { services: s, requests } = contactsServer()
    await renderPage(s)
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(pages.textContent).toContain('Page 1 of 2')
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toHaveProperty(
      'disabled',
      true,
    )
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }))
    await settle()
    expect(requests.at(-1)?.searchParams.get('page')).toBe('2')
    expect(rows()).toHaveLength(5)
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 2 of 2')
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    await settle()
    expect(rows()).toHaveLength(15)
  })

  it('asks for the next page by the cursor the page before gave, and forgets it on a new sort', async () => {
    const { services: s, requests } = contactsServer()
    await renderPage(s)
    expect(requests.at(-1)?.searchParams.get('cursor')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await settle()
    expect(requests.at(-1)?.searchParams.get('page')).toBe('2')
    expect(requests.at(-1)?.searchParams.get('cursor')).toBe('after-15')
    expect(rows()).toHaveLength(5)
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    await settle()
    expect(requests.at(-1)?.searchParams.get('sort')).toBe('name')
    expect(requests.at(-1)?.searchParams.get('page')).toBe('1')
    expect(requests.at(-1)?.searchParams.get('cursor')).toBeNull()
  })

  it('sorts by a column header, ascending then descending, and marks it with aria-sort', async () => {
    const { services: s, requests } = contactsServer()
    await renderPage(s)
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    await settle()
    expect(requests.at(-1)?.searchParams.get('sort')).toBe('name')
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    await settle()
    expect(requests.at(-1)?.searchParams.get('sort')).toBe('-name')
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe(
      'descending',
    )
  })

  it('searches on submit through contacts/search, and clearing the search lists everyone again', async () => {
    const { services: s, requests } = contactsServer()
    await renderPage(s)
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search contacts' }), {
      target: { value: 'zoë' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    await settle()
    const search = requests.at(-1) as URL
    expect(search.pathname).toBe(`${base}/contacts/search`)
    expect(search.searchParams.get('q')).toBe('zoë')
    expect(rows()).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Zoë Example' })).toBeTruthy()
    expect(countText()).toBe('1 matches on this page')
    // The search takes no label: the filter is off while it is applied, and says why.
    const label = screen.getByRole('combobox', { name: 'Label' })
    expect(label).toHaveProperty('disabled', true)
    expect(label.getAttribute('aria-describedby')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    await settle()
    expect(requests.at(-1)?.pathname).toBe(`${base}/contacts`)
    expect(rows()).toHaveLength(15)
  })

  it('says so when a search finds nobody', async () => {
    const { services: s } = contactsServer()
    await renderPage(s)
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search contacts' }), {
      target: { value: 'nobody-here' },
    })
    fireEvent.submit(document.querySelector('search form') as HTMLFormElement)
    await settle()
    expect(countText()).toBe(
      'No identified contacts match. “All visitors” searches anonymous visitors too.',
    )
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('filters by a label from the account labels with labels[]', async () => {
    const { services: s, requests } = contactsServer()
    await renderPage(s)
    const label = screen.getByRole('combobox', { name: 'Label' })
    expect(
      within(label)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any label', 'vip', 'billing'])
    fireEvent.change(label, { target: { value: 'vip' } })
    await settle()
    expect(requests.at(-1)?.searchParams.getAll('labels[]')).toEqual(['vip'])
    expect(countText()).toBe('10 contacts')
    expect(rows()).toHaveLength(10)
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
  })

  it('opens a contact in the app without a reload', async () => {
    const { services: s } = contactsServer()
    await renderPage(s)
    fireEvent.click(screen.getByRole('link', { name: 'Contact 2' }))
    expect(s.navigate).toHaveBeenCalledWith('/app/accounts/1/contacts/2')
  })

  it("shows the API's message when the list fails", async () => {
    const { services: s } = services((url) =>
      url.pathname.endsWith('/contacts')
        ? Response.json(
            { error: 'forbidden', message: 'You are not authorized to do this action' },
            { status: 403 },
          )
        : labelsAnswer(),
    )
    await renderPage(s)
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe(
      'You are not authorized to do this action',
    )
  })
  it('switches between Identified and All visitors, and an empty view says what it lists', async () => {
    const requests: URL[] = []
    const { services: s } = services((url) => {
      if (url.pathname === `${base}/labels`) return labelsAnswer()
      if (url.pathname !== `${base}/contacts`) return undefined
      requests.push(url)
      const all = url.searchParams.get('view') === 'all'
      return Response.json({
        meta: { count: all ? 1 : 0, current_page: 1 },
        payload: all ? [contact(7, { name: 'Anonymous visitor', email: null })] : [],
      })
    })
    await renderPage(s)
    const identified = screen.getByRole('button', { name: 'Identified' })
    expect(identified.getAttribute('aria-pressed')).toBe('true')
    expect(requests.at(-1)?.searchParams.get('view')).toBe('identified')
    expect(countText()).toMatch(/^No identified contacts yet: none has an email, phone number/)

    fireEvent.click(screen.getByRole('button', { name: 'All visitors' }))
    await settle()
    expect(requests.at(-1)?.searchParams.get('view')).toBe('all')
    expect(screen.getByRole('button', { name: 'All visitors' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(countText()).toBe('1 contact')
    expect(rows()).toHaveLength(1)
  })

  it('says "100+" for a count the server capped, and pages on past the cap while pages are full', async () => {
    const { services: s } = services((url) => {
      if (url.pathname === `${base}/labels`) return labelsAnswer()
      if (url.pathname !== `${base}/contacts`) return undefined
      const page = Number(url.searchParams.get('page') ?? 1)
      return Response.json({
        meta: { count: 100, count_capped: true, current_page: page },
        payload: Array.from({ length: 15 }, (_, i) => contact((page - 1) * 15 + i + 1)),
      })
    })
    await renderPage(s)
    expect(countText()).toBe('100+ contacts')
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(pages.textContent).not.toContain(' of ')
    for (let page = 1; page < 8; page++) {
      fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }))
      await settle()
    }
    // Page 8 starts at the 106th contact: beyond what a count of 100 would have allowed.
    expect(pages.textContent).toContain('Page 8')
    expect(within(rows()[0] as HTMLElement).getByRole('link', { name: /106/ })).toBeTruthy()
    expect(within(pages).getByRole('button', { name: 'Next page' })).toHaveProperty(
      'disabled',
      false,
    )
  })
})
