import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import TeamsPage from '../../../../dashboard/src/settings/teams/TeamsPage'
import { type Call, fakeRest, refusal } from '../shared/fake-rest'
import { deleteItem, field, press, renderSettingsPage, settle, typeInto } from '../shared/harness'

const support = {
  id: 1,
  name: 'support',
  description: 'First line',
  allow_auto_assign: true,
  account_id: 1,
  is_member: false,
}
const agent = (id: number, name: string) => ({
  id,
  name,
  available_name: name,
  email: `${name.toLowerCase()}@example.com`,
  role: 'agent',
})

function server(extra?: (call: Call) => Response | undefined) {
  const members: Record<number, number[]> = { 1: [7] }
  const agents = [agent(7, 'Ada'), agent(8, 'Bob')]
  return fakeRest({
    collections: { '/teams': [{ ...support }] },
    answer(call) {
      const refused = extra?.(call)
      if (refused) return refused
      if (call.path === '/agents') return Response.json(agents)
      const match = call.path.match(/^\/teams\/(\d+)\/team_members$/)
      if (!match) return undefined
      const id = Number(match[1])
      if (call.method === 'PATCH') members[id] = call.body?.user_ids as number[]
      return Response.json(agents.filter((a) => members[id]?.includes(a.id)))
    },
  })
}

describe('Teams settings page', () => {
  it('lists the teams with their description and member count', async () => {
    await renderSettingsPage(TeamsPage, server().api, 'teams')
    const row = screen.getByRole('row', { name: /support/ })
    expect(within(row).getByText('First line')).toBeTruthy()
    expect(within(row).getByText('1')).toBeTruthy()
  })

  it('creates a team', async () => {
    const rest = server()
    await renderSettingsPage(TeamsPage, rest.api, 'teams')
    fireEvent.click(screen.getByRole('button', { name: 'Add team' }))
    typeInto('Name', 'sales')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow auto assign' }))
    await press()
    expect(rest.callsTo('POST', '/teams')[0]?.body).toEqual({
      name: 'sales',
      description: null,
      allow_auto_assign: false,
    })
    expect(screen.getByText('Team created.')).toBeTruthy()
    expect(screen.getByRole('row', { name: /sales/ })).toBeTruthy()
  })

  it('edits a team', async () => {
    const rest = server()
    await renderSettingsPage(TeamsPage, rest.api, 'teams')
    fireEvent.click(screen.getByRole('button', { name: 'Edit support' }))
    typeInto('Description', 'Second line')
    await press()
    expect(rest.callsTo('PATCH', '/teams/1')[0]?.body).toEqual({
      name: 'support',
      description: 'Second line',
      allow_auto_assign: true,
    })
    expect(screen.getByText('Second line')).toBeTruthy()
  })

  it('deletes a team after confirming', async () => {
    const rest = server()
    await renderSettingsPage(TeamsPage, rest.api, 'teams')
    await deleteItem('support')
    expect(rest.callsTo('DELETE', '/teams/1')).toHaveLength(1)
    expect(screen.getByText(/No teams yet/)).toBeTruthy()
  })

  it("saves the team's members from the agents' checkboxes", async () => {
    const rest = server()
    await renderSettingsPage(TeamsPage, rest.api, 'teams')
    fireEvent.click(screen.getByRole('button', { name: 'Members of support' }))
    await settle()
    const panel = screen.getByRole('region', { name: 'Members of support' })
    const ada = within(panel).getByRole('checkbox', { name: /Ada/ }) as HTMLInputElement
    expect(ada.checked).toBe(true)
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Bob/ }))
    await press('Save members')
    expect(rest.callsTo('PATCH', '/teams/1/team_members')[0]?.body).toEqual({ user_ids: [7, 8] })
    expect(within(panel).getByText('Members of support saved.')).toBeTruthy()
    expect(within(screen.getByRole('row', { name: /support/ })).getByText('2')).toBeTruthy()
  })

  it('shows a taken name (422) at the Name field', async () => {
    const rest = server((call) =>
      call.method === 'POST' && call.path === '/teams'
        ? refusal('name', 'has already been taken')
        : undefined,
    )
    await renderSettingsPage(TeamsPage, rest.api, 'teams')
    fireEvent.click(screen.getByRole('button', { name: 'Add team' }))
    typeInto('Name', 'support')
    await press()
    expect(field('Name').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Name has already been taken')).toBeTruthy()
  })
})
