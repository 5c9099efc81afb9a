import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import CapacityPage from '../../../../dashboard/src/settings/capacity/CapacityPage'
import { type Call, fakeRest, refusal } from '../shared/fake-rest'
import { field, press, renderSettingsPage, typeInto } from '../shared/harness'

const dayShift = {
  id: 1,
  name: 'Day shift',
  description: 'Mornings',
  exclusion_rules: {},
  overall_conversation_limit: 8,
  account_id: 1,
  assigned_agent_count: 1,
  user_ids: [4],
  inbox_capacity_limits: [{ id: 30, inbox_id: 7, conversation_limit: 3 }],
  created_at: 1,
  updated_at: 1,
}

/** A policy as the API answers a write: the fake's collection item has no links of its own. */
const asPolicy = (call: Call, id: number) =>
  Response.json({
    ...dayShift,
    id,
    user_ids: [],
    inbox_capacity_limits: [],
    ...call.body,
  })

function server(refuse?: (call: Call) => Response | undefined) {
  const policies = [structuredClone(dayShift)]
  return fakeRest({
    collections: {
      '/agent_capacity_policies': policies,
      '/inboxes': [
        { id: 7, name: 'Website' },
        { id: 9, name: 'Support mail' },
      ],
      '/agents': [
        { id: 4, name: 'Ana' },
        { id: 5, name: 'Bo' },
      ],
    },
    wrapped: ['/inboxes'],
    answer(call) {
      const refused = refuse?.(call)
      if (refused) return refused
      if (call.path === '/agent_capacity_policies' && call.method === 'POST') {
        return asPolicy(call, 100)
      }
      if (call.path === '/agent_capacity_policies/1' && call.method === 'PATCH') {
        return Response.json({ ...policies[0], ...call.body })
      }
      if (/\/(inbox_limits|users)/.test(call.path)) return Response.json({ id: 1, ...call.body })
      return undefined
    },
  })
}

describe('Capacity settings page', () => {
  it('lists the policies with their overall limit and agents', async () => {
    await renderSettingsPage(CapacityPage, server().api, 'capacity')
    expect(screen.getByRole('heading', { level: 1, name: 'Capacity' })).toBeTruthy()
    const row = screen.getByRole('row', { name: /Day shift/ })
    expect(within(row).getByText('8')).toBeTruthy()
    expect(within(row).getByText('Ana')).toBeTruthy()
  })

  it('creates a policy with an overall limit, an inbox limit and its agents', async () => {
    const rest = server()
    await renderSettingsPage(CapacityPage, rest.api, 'capacity')
    fireEvent.click(screen.getByRole('button', { name: 'Add policy' }))
    typeInto('Name', 'Night shift')
    typeInto('Overall limit', '5')
    typeInto('Website', '2')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bo' }))
    await press()
    expect(rest.callsTo('POST', '/agent_capacity_policies')[0]?.body).toEqual({
      name: 'Night shift',
      description: null,
      overall_conversation_limit: 5,
    })
    expect(rest.callsTo('POST', '/agent_capacity_policies/100/inbox_limits')[0]?.body).toEqual({
      inbox_id: 7,
      conversation_limit: 2,
    })
    expect(rest.callsTo('POST', '/agent_capacity_policies/100/users')[0]?.body).toEqual({
      user_id: 5,
    })
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Capacity policy created.')
  })

  it('removes a cleared inbox limit and an unticked agent, and a blank overall limit is none', async () => {
    const rest = server()
    await renderSettingsPage(CapacityPage, rest.api, 'capacity')
    fireEvent.click(screen.getByRole('button', { name: 'Edit Day shift' }))
    expect(field('Website').value).toBe('3')
    typeInto('Website', '')
    typeInto('Overall limit', '')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ana' }))
    await press()
    expect(rest.callsTo('PATCH', '/agent_capacity_policies/1')[0]?.body).toMatchObject({
      overall_conversation_limit: null,
    })
    expect(rest.callsTo('DELETE', '/agent_capacity_policies/1/inbox_limits/30')).toHaveLength(1)
    expect(rest.callsTo('DELETE', '/agent_capacity_policies/1/users/4')).toHaveLength(1)
  })

  it('says what each limit does to auto-assignment', async () => {
    await renderSettingsPage(CapacityPage, server().api, 'capacity')
    expect(screen.getByText(/wait in Unassigned and go to the first agent with room/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add policy' }))
    const overall = field('Overall limit')
    const hint = document.getElementById(overall.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toMatch(/across all inboxes; leave it blank for no limit/)
    expect(screen.getByText(/an agent has one policy at most/)).toBeTruthy()
  })

  it("shows the API's 422 by the Overall limit field and keeps the form open", async () => {
    const rest = server((call) =>
      call.method === 'POST' && call.path === '/agent_capacity_policies'
        ? refusal('overall_conversation_limit', 'must be at least 1')
        : undefined,
    )
    await renderSettingsPage(CapacityPage, rest.api, 'capacity')
    fireEvent.click(screen.getByRole('button', { name: 'Add policy' }))
    typeInto('Name', 'Night shift')
    typeInto('Overall limit', '0')
    await press()
    const overall = field('Overall limit')
    expect(overall.getAttribute('aria-invalid')).toBe('true')
    const describedBy = overall.getAttribute('aria-describedby') ?? ''
    const notes = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(notes).toContain('Overall limit must be at least 1')
    expect(rest.callsTo('POST', '/agent_capacity_policies/100/users')).toHaveLength(0)
  })
})
