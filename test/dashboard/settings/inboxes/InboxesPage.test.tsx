import { screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import InboxesPage from '../../../../dashboard/src/settings/inboxes/InboxesPage'
import { ACCOUNT, base, renderWith, services, websiteInbox } from './harness'

const route = { name: 'settings', accountId: ACCOUNT, section: 'inboxes', id: null } as const

describe('the inboxes list', () => {
  it('lists each inbox with its channel and website, linking to its settings', async () => {
    const { services: s } = services((call) =>
      call.path === `${base}/inboxes`
        ? Response.json({
            payload: [
              websiteInbox(),
              websiteInbox({ id: 8, name: 'App', channel_type: 'Channel::Api', website_url: null }),
            ],
          })
        : undefined,
    )
    await renderWith(s, <InboxesPage route={route as never} />)
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      'ShopWebsitehttps://shop.example.com',
      'AppAPI',
    ])
    expect(screen.getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe(
      '/app/accounts/1/settings/inboxes/7',
    )
    expect(screen.getByRole('link', { name: 'Add inbox' }).getAttribute('href')).toBe(
      '/app/accounts/1/settings/inboxes/new',
    )
  })
})
