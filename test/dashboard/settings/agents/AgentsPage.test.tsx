import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { Profile } from '../../../../dashboard/src/api/schema'
import AgentsPage from '../../../../dashboard/src/settings/agents/AgentsPage'
import type { FakeFeed } from '../../fake-api'
import { accountServices, renderWith } from '../../workspace-harness'
import { ACCOUNT, type Call, fakeRest, refusal } from '../shared/fake-rest'
import { renderSettingsPage, settle, typeInto } from '../shared/harness'

const LINK = 'https://parley.test/app/auth/password/edit?reset_password_token=abc'
const EXPIRES = '2030-01-08T09:30:00.000Z'

const agent = (id: number, name: string, fields: Record<string, unknown> = {}) => ({
  id,
  account_id: 1,
  name,
  available_name: name,
  email: `${name.toLowerCase()}@example.com`,
  role: 'agent',
  confirmed: true,
  availability_status: 'online',
  auto_offline: true,
  provider: 'email',
  thumbnail: '',
  ...fields,
})

function server(answer?: (call: Call) => Response | undefined) {
  const agents = [
    agent(7, 'Ada', { role: 'administrator' }),
    agent(8, 'Bob', { confirmed: false, availability_status: 'offline' }),
  ]
  return fakeRest({
    collections: { '/agents': agents },
    answer(call) {
      const special = answer?.(call)
      if (special) return special
      if (call.method === 'POST' && call.path === '/agents') {
        const created = agent(9, String(call.body?.name), {
          email: call.body?.email,
          role: call.body?.role,
          confirmed: false,
        })
        agents.push(created)
        return Response.json({
          ...created,
          invitation_url: LINK,
          invitation_expires_at: EXPIRES,
        })
      }
      if (call.path === '/agents/8/invitation' && call.method === 'POST') {
        return Response.json({ invitation_url: `${LINK}-again`, expires_at: EXPIRES })
      }
      if (call.path === '/agents/8/invitation' && call.method === 'DELETE') {
        return Response.json({})
      }
      if (call.path === '/agents/7/password_reset') {
        return Response.json({ reset_url: `${LINK}-reset`, expires_at: EXPIRES })
      }
      return undefined
    },
  })
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) })

describe('Agents settings page', () => {
  it("shows a colleague's presence live from the feed's presence.update", async () => {
    const services = accountServices(server().api, { me: { id: 1, name: 'Admin' } as Profile })
    await renderWith(
      services,
      <AgentsPage route={{ name: 'settings', accountId: ACCOUNT, section: 'agents', id: null }} />,
    )
    await settle()
    expect(within(row('Bob')).getByText('Offline')).toBeTruthy()
    ;(services.feed as FakeFeed).push({
      event: 'presence.update',
      data: { account_id: ACCOUNT, users: { '8': 'online' }, contacts: {} },
    })
    await settle()
    const online = within(row('Bob')).getByText('Online')
    expect(online.className).toContain('agent-presence-online')
    ;(services.feed as FakeFeed).push({
      event: 'presence.update',
      data: { account_id: ACCOUNT, users: { '8': 'busy' }, contacts: {} },
    })
    await settle()
    expect(within(row('Bob')).getByText('Busy')).toBeTruthy()
  })

  it('lists the agents with their role, status and availability', async () => {
    await renderSettingsPage(AgentsPage, server().api, 'agents')
    expect(screen.getByRole('heading', { level: 1, name: 'Agents' })).toBeTruthy()
    const ada = row('Ada')
    expect(within(ada).getByText('ada@example.com')).toBeTruthy()
    expect((within(ada).getByLabelText('Role of Ada') as HTMLSelectElement).value).toBe(
      'administrator',
    )
    expect(within(ada).getByText('Active')).toBeTruthy()
    expect(within(ada).getByText('Online')).toBeTruthy()
    expect(within(row('Bob')).getByText('Invited')).toBeTruthy()
    // Only a pending agent has invitation actions.
    expect(within(ada).queryByRole('button', { name: /invitation/ })).toBeNull()
    expect(
      within(row('Bob')).getByRole('button', { name: 'Resend invitation to Bob' }),
    ).toBeTruthy()
  })

  it('invites an agent and shows the invitation link to copy', async () => {
    const rest = server()
    await renderSettingsPage(AgentsPage, rest.api, 'agents')
    typeInto('Name', 'Cleo')
    typeInto('Email', 'cleo@example.com')
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'administrator' } })
    fireEvent.click(screen.getByRole('button', { name: 'Invite agent' }))
    await settle()
    expect(rest.callsTo('POST', '/agents')[0]?.body).toEqual({
      name: 'Cleo',
      email: 'cleo@example.com',
      role: 'administrator',
    })
    expect(screen.getByText('Cleo was invited. Send them the link below.')).toBeTruthy()
    const panel = screen.getByRole('region', { name: 'Link for Cleo' })
    expect(within(panel).getByText(LINK)).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Copy invitation link' })).toBeTruthy()
    expect(row('Cleo')).toBeTruthy()
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('')
  })

  it('shows the API’s refusal under the field it names', async () => {
    const rest = server((call) =>
      call.method === 'POST' && call.path === '/agents'
        ? refusal('email', 'is already an agent of this account')
        : undefined,
    )
    await renderSettingsPage(AgentsPage, rest.api, 'agents')
    typeInto('Name', 'Ada')
    typeInto('Email', 'ada@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Invite agent' }))
    await settle()
    expect(screen.getByText('Email is already an agent of this account')).toBeTruthy()
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('region', { name: /Link for/ })).toBeNull()
  })

  it('changes an agent’s role and announces it', async () => {
    const rest = server()
    await renderSettingsPage(AgentsPage, rest.api, 'agents')
    fireEvent.change(screen.getByLabelText('Role of Bob'), { target: { value: 'administrator' } })
    await settle()
    expect(rest.callsTo('PATCH', '/agents/8')[0]?.body).toEqual({ role: 'administrator' })
    expect(screen.getByText('Bob is now Administrator.')).toBeTruthy()
  })

  it('resends and revokes a pending invitation', async () => {
    const rest = server()
    await renderSettingsPage(AgentsPage, rest.api, 'agents')
    fireEvent.click(screen.getByRole('button', { name: 'Resend invitation to Bob' }))
    await settle()
    expect(rest.callsTo('POST', '/agents/8/invitation')).toHaveLength(1)
    expect(screen.getByText(`${LINK}-again`)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Revoke invitation of Bob' }))
    await settle()
    expect(rest.callsTo('DELETE', '/agents/8/invitation')).toHaveLength(1)
    expect(screen.getByText('The invitation of Bob no longer works.')).toBeTruthy()
  })

  it('makes a password reset link to copy', async () => {
    const rest = server()
    await renderSettingsPage(AgentsPage, rest.api, 'agents')
    fireEvent.click(screen.getByRole('button', { name: 'Password reset link for Ada' }))
    await settle()
    expect(rest.callsTo('POST', '/agents/7/password_reset')).toHaveLength(1)
    const panel = screen.getByRole('region', { name: 'Link for Ada' })
    expect(within(panel).getByText(`${LINK}-reset`)).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Copy password reset link' })).toBeTruthy()
  })

  it('removes an agent after asking, and shows a refusal in the alert region', async () => {
    const rest = server((call) =>
      call.method === 'DELETE' && call.path === '/agents/7'
        ? refusal('role', 'the account must keep at least one administrator')
        : undefined,
    )
    await renderSettingsPage(AgentsPage, rest.api, 'agents')
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await settle()
    expect(rest.callsTo('DELETE', '/agents/8')).toHaveLength(1)
    expect(screen.getByText('Bob was removed.')).toBeTruthy()
    expect(screen.queryByRole('row', { name: /Bob/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ada' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await settle()
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent)
    expect(alerts.some((text) => text?.includes('at least one administrator'))).toBe(true)
    expect(row('Ada')).toBeTruthy()
  })
})
