import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import NewInboxPage from '../../../../dashboard/src/settings/inboxes/NewInboxPage'
import { ACCOUNT, base, codeBlock, renderWith, services, settle, websiteInbox } from './harness'

const route = { name: 'settings', accountId: ACCOUNT, section: 'inbox_new', id: null } as const

describe('adding an inbox', () => {
  it('creates a website inbox in Chatwoot’s body shape and shows its embed snippets', async () => {
    const { services: s, calls } = services((call) =>
      call.method === 'POST' && call.path === `${base}/inboxes`
        ? Response.json(websiteInbox({ id: 9, name: call.body.name, inbox_identifier: 'tok9xyz' }))
        : undefined,
    )
    await renderWith(s, <NewInboxPage route={route as never} />)
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Shop' } })
    fireEvent.input(screen.getByLabelText('Website URL'), {
      target: { value: 'https://shop.example.com' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create inbox' }))
    await settle()

    expect(calls.at(-1)?.body).toEqual({
      name: 'Shop',
      channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
    })
    expect(screen.getByRole('heading', { level: 2, name: 'Add the chat to your website' }))
    const snippet = codeBlock('Embed snippet')
    expect(within(snippet).getByText(/<script/).textContent).toBe(
      `<script src="${location.origin}/widget.js?inbox=tok9xyz" async></script>`,
    )
    expect(within(snippet).getByRole('button', { name: 'Copy embed snippet' })).toBeTruthy()
    const chatwoot = codeBlock('Chatwoot-style snippet').textContent
    expect(chatwoot).toContain("websiteToken: 'tok9xyz'")
    expect(chatwoot).toContain(`var BASE_URL = '${location.origin}'`)
    expect(
      screen.getByRole('link', { name: 'Open the settings of Shop' }).getAttribute('href'),
    ).toBe('/app/accounts/1/settings/inboxes/9')
  })

  it('creates an API inbox with its webhook URL and shows its identifier', async () => {
    const { services: s, calls } = services((call) =>
      call.method === 'POST'
        ? Response.json(
            websiteInbox({
              id: 10,
              name: 'App',
              channel_type: 'Channel::Api',
              inbox_identifier: 'api10',
            }),
          )
        : undefined,
    )
    await renderWith(s, <NewInboxPage route={route as never} />)
    fireEvent.click(screen.getByLabelText('API'))
    await settle(1)
    expect(screen.queryByLabelText('Website URL')).toBeNull()
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'App' } })
    fireEvent.input(screen.getByLabelText('Webhook URL'), {
      target: { value: 'https://hooks.example.com/parley' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create inbox' }))
    await settle()
    expect(calls.at(-1)?.body).toEqual({
      name: 'App',
      channel: { type: 'api', webhook_url: 'https://hooks.example.com/parley' },
    })
    expect(codeBlock('Inbox identifier').textContent).toContain('api10')
    expect(screen.queryByText('Embed snippet')).toBeNull()
  })

  it('shows the API’s validation message and keeps the form', async () => {
    const { services: s } = services(() =>
      Response.json(
        { error: 'validation_failed', message: 'channel.website_url is required' },
        { status: 422 },
      ),
    )
    await renderWith(s, <NewInboxPage route={route as never} />)
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Shop' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create inbox' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('channel.website_url is required')
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Shop')
  })
  it('shows a refused name in words under the Name field, not the validator’s text', async () => {
    const { services: s } = services(() =>
      Response.json(
        {
          error: 'validation_failed',
          message: 'name Too small: expected string to have >=1 characters',
          errors: [
            {
              field: 'name',
              message: 'Too small: expected string to have >=1 characters',
              code: 'too_small',
            },
          ],
        },
        { status: 422 },
      ),
    )
    await renderWith(s, <NewInboxPage route={route as never} />)
    fireEvent.click(screen.getByRole('button', { name: 'Create inbox' }))
    await settle()
    const name = screen.getByLabelText('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Name is required.',
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'Not saved: see the messages under the fields.',
    )
    expect(document.body.textContent).not.toContain('Too small')
  })
})
