import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import AgentsPage from '../../../../dashboard/src/settings/agents/AgentsPage'
import { fakeRest, refusal } from '../shared/fake-rest'
import { renderSettingsPage, settle, typeInto } from '../shared/harness'

function server(refuse = false) {
  return fakeRest({
    collections: {
      '/agents': [],
      '/inboxes': [
        { id: 3, name: 'Support' },
        { id: 4, name: 'Sales' },
      ],
    },
    wrapped: ['/inboxes'],
    answer(call) {
      if (call.method !== 'POST' || call.path !== '/agents') return undefined
      if (refuse) return refusal('inbox_ids', 'has inboxes that are not in this account: 4')
      return Response.json({ id: 9, name: call.body?.name, available_name: call.body?.name })
    },
  })
}

describe('inviting an agent into inboxes', () => {
  it('offers the inboxes as checkboxes and sends the chosen ones as inbox_ids', async () => {
    const rest = server()
    await renderSettingsPage(AgentsPage, rest.api, 'agents')
    const group = screen.getByRole('group', { name: 'Inboxes' })
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('id')),
    ).toHaveLength(2)
    typeInto('Name', 'Cleo')
    typeInto('Email', 'cleo@example.com')
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Sales' }))
    fireEvent.click(screen.getByRole('button', { name: 'Invite agent' }))
    await settle()
    expect(rest.callsTo('POST', '/agents')[0]?.body).toEqual({
      name: 'Cleo',
      email: 'cleo@example.com',
      role: 'agent',
      inbox_ids: [4],
    })
    // The form starts over for the next invitation.
    expect(
      (within(group).getByRole('checkbox', { name: 'Sales' }) as HTMLInputElement).checked,
    ).toBe(false)
  })

  it("shows the API's refusal of the inboxes in the group", async () => {
    await renderSettingsPage(AgentsPage, server(true).api, 'agents')
    typeInto('Name', 'Cleo')
    typeInto('Email', 'cleo@example.com')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Support' }))
    fireEvent.click(screen.getByRole('button', { name: 'Invite agent' }))
    await settle()
    const group = screen.getByRole('group', { name: 'Inboxes' })
    expect(group.textContent).toMatch(/not in this account/)
  })
})
