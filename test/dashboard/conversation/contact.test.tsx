import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { conversation, FakeServer } from './fake-server'
import { renderPane } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('contact panel', () => {
  it("shows the contact's name, email, phone and custom attributes", async () => {
    await renderPane(server)
    const panel = screen.getByRole('complementary', { name: 'Contact' })
    expect(within(panel).getByRole('link', { name: 'alex@example.com' })).toBeTruthy()
    expect(within(panel).getByText('+14155550123')).toBeTruthy()
    expect(within(panel).getByText('plan')).toBeTruthy()
    expect(within(panel).getByText('pro')).toBeTruthy()
  })

  it('shows the page, browser and location from the additional attributes', async () => {
    server.conversation = conversation({
      additional_attributes: {
        referer: 'https://shop.example.com/pricing',
        browser: { browser_name: 'Firefox', browser_version: '132', platform_name: 'macOS' },
        city: 'Lisbon',
        country: 'Portugal',
      },
    })
    await renderPane(server)
    const panel = screen.getByRole('complementary', { name: 'Contact' })
    expect(
      within(panel).getByRole('link', { name: 'https://shop.example.com/pricing' }),
    ).toBeTruthy()
    expect(within(panel).getByText('Firefox 132 · macOS')).toBeTruthy()
    expect(within(panel).getByText('Lisbon, Portugal')).toBeTruthy()
  })

  it('lists previous conversations as links that navigate in the app', async () => {
    const { services } = await renderPane(server)
    const panel = screen.getByRole('complementary', { name: 'Contact' })
    const link = within(panel).getByRole('link', { name: '#3 · Resolved' })
    expect(link.getAttribute('href')).toBe('/app/accounts/1/conversations/3')
    expect(within(panel).queryByRole('link', { name: /#7/ })).toBeNull()
    fireEvent.click(link)
    expect(services.navigate).toHaveBeenCalledWith('/app/accounts/1/conversations/3')
  })
})
