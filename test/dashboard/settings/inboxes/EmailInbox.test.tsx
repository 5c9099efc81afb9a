import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { Inbox } from '../../../../dashboard/src/api/schema'
import InboxSettingsPage from '../../../../dashboard/src/settings/inboxes/InboxSettingsPage'
import NewInboxPage from '../../../../dashboard/src/settings/inboxes/NewInboxPage'
import {
  ACCOUNT,
  agent,
  base,
  codeBlock,
  renderWith,
  services,
  settle,
  websiteInbox,
} from './harness'

const FORWARD_TO = 'k3v9q2@mail.parley.test'

/** An email inbox as the API answers it, with Chatwoot's forward_to_email. */
function emailInbox(fields: Partial<Inbox> & { forward_to_email?: string | null } = {}): Inbox {
  return websiteInbox({
    id: 11,
    name: 'Support',
    channel_type: 'Channel::Email',
    website_url: null,
    email: 'support@shop.example.com',
    inbox_identifier: 'k3v9q2',
    forward_to_email: FORWARD_TO,
    ...fields,
  } as Partial<Inbox>)
}

const steps = () =>
  within(
    screen.getByRole('heading', { name: 'Set up Email Routing' }).nextElementSibling as HTMLElement,
  )
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('an email inbox', () => {
  it('is created with Chatwoot’s channel body, then shows the address to forward to and the steps', async () => {
    const { services: s, calls } = services((call) =>
      call.method === 'POST' && call.path === `${base}/inboxes`
        ? Response.json(emailInbox())
        : undefined,
    )
    await renderWith(
      s,
      <NewInboxPage
        route={{ name: 'settings', accountId: ACCOUNT, section: 'inbox_new', id: null } as never}
      />,
    )
    fireEvent.click(screen.getByLabelText('Email'))
    await settle(1)
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Support' } })
    fireEvent.input(screen.getByLabelText('Support email address'), {
      target: { value: ' support@shop.example.com ' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create inbox' }))
    await settle()

    expect(calls.at(-1)?.body).toEqual({
      name: 'Support',
      channel: { type: 'email', email: 'support@shop.example.com' },
    })
    const address = codeBlock('Forwarding address')
    expect(address.querySelector('code')?.textContent).toBe(FORWARD_TO)
    expect(within(address).getByRole('button', { name: 'Copy forwarding address' })).toBeTruthy()
    const listed = steps()
    expect(listed).toHaveLength(4)
    expect(listed[0]).toContain('forward every mail sent to support@shop.example.com')
    expect(listed[1]).toContain('Email Routing')
    expect(listed[2]).toContain('Email Service')
    expect(screen.queryByText('Connect your app')).toBeNull()
  })

  it('shows the forwarding address and steps on its settings page, without identity verification', async () => {
    const { services: s } = services((call) => {
      if (call.path === `${base}/inboxes/11`) return Response.json(emailInbox())
      if (call.path === `${base}/agents`) return Response.json([agent(5, 'Ada')])
      if (call.path === `${base}/inbox_members/11`) return Response.json({ payload: [] })
      return undefined
    })
    await renderWith(
      s,
      <InboxSettingsPage
        route={{ name: 'settings', accountId: ACCOUNT, section: 'inbox', id: 11 } as never}
      />,
    )
    await settle()
    expect(codeBlock('Forwarding address').querySelector('code')?.textContent).toBe(FORWARD_TO)
    expect(steps()).toHaveLength(4)
    expect(screen.queryByText('Connect your app')).toBeNull()
    expect(screen.queryByText(/Identity verification/i)).toBeNull()
  })

  it('says why there is no forwarding address when the server has no inbound mail domain', async () => {
    const { services: s } = services((call) => {
      if (call.path === `${base}/inboxes/11`)
        return Response.json(emailInbox({ forward_to_email: null }))
      if (call.path === `${base}/agents`) return Response.json([])
      if (call.path === `${base}/inbox_members/11`) return Response.json({ payload: [] })
      return undefined
    })
    await renderWith(
      s,
      <InboxSettingsPage
        route={{ name: 'settings', accountId: ACCOUNT, section: 'inbox', id: 11 } as never}
      />,
    )
    await settle()
    expect(screen.getByText(/INBOUND_EMAIL_DOMAIN/)).toBeTruthy()
    expect(screen.queryByText('Forwarding address')).toBeNull()
  })
})
