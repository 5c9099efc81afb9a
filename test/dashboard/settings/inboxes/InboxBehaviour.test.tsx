import { fireEvent, render, screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { Inbox } from '../../../../dashboard/src/api/schema'
import InboxSettingsPage from '../../../../dashboard/src/settings/inboxes/InboxSettingsPage'
import { WidgetPreview } from '../../../../dashboard/src/settings/inboxes/WidgetPreview'
import { draftOf } from '../../../../dashboard/src/settings/inboxes/widget-draft'
import { ACCOUNT, base, type Call, renderWith, services, settle, websiteInbox } from './harness'

const route = { name: 'settings', accountId: ACCOUNT, section: 'inbox', id: 7 } as const

/** A fake account with inbox 7 whose PATCH merges like the API. */
function inboxServer(inbox: Inbox) {
  let current = inbox
  let bot: number | null = null
  const bots = [
    { id: 3, name: 'Triage bot', description: null, outgoing_url: null, account_id: ACCOUNT },
  ]
  return services((call: Call) => {
    if (call.path === `${base}/agent_bots`) return Response.json(bots)
    if (call.path === `${base}/inboxes/7/agent_bot`)
      return Response.json({ agent_bot: bots.find((b) => b.id === bot) ?? {} })
    if (call.path === `${base}/inboxes/7/set_agent_bot`) {
      bot = call.body.agent_bot
      return Response.json({})
    }
    if (call.path === `${base}/inboxes/7` && call.method === 'GET') return Response.json(current)
    if (call.path === `${base}/inboxes/7` && call.method === 'PATCH') {
      const { channel = {}, ...top } = call.body
      current = { ...current, ...top, ...channel }
      return Response.json(current)
    }
    if (call.path === `${base}/agents`) return Response.json([])
    if (call.path === `${base}/inbox_members/7`) return Response.json({ payload: [] })
    return undefined
  })
}

const patches = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PATCH' && c.path === `${base}/inboxes/7`)
const preview = () => screen.getByTestId('widget-preview')
const emailInbox = () =>
  websiteInbox({
    channel_type: 'Channel::Email',
    email: 'help@shop.example',
    inbox_identifier: null,
    continuity_via_email: null,
  })
const apiInbox = () => websiteInbox({ channel_type: 'Channel::Api', website_url: null })

/** Saturday 28 November 2026, 12:00 UTC. */
const SATURDAY_NOON = Date.UTC(2026, 10, 28, 12) / 1000

describe('an inbox’s automatic messages and conversation settings', () => {
  it('saves the greeting with the widget form and shows it first in the preview', async () => {
    const { services: s, calls } = inboxServer(websiteInbox({ enable_email_collect: false }))
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(screen.queryByLabelText('Greeting message')).toBeNull()
    fireEvent.click(screen.getByLabelText('Send a greeting when a conversation starts'))
    await settle(1)
    fireEvent.input(screen.getByLabelText('Greeting message'), {
      target: { value: 'Hello, how can we help?' },
    })
    await settle(1)
    expect(preview().querySelector('.preview-bubble')?.textContent).toBe('Hello, how can we help?')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await settle()
    const [patch] = patches(calls)
    expect(patch?.body).toEqual({
      greeting_enabled: true,
      greeting_message: 'Hello, how can we help?',
    })
  })

  it('says what business hours do, and what email collection needs', async () => {
    const { services: s } = inboxServer(websiteInbox())
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(screen.getByText(/the widget shows when the team is back/)).toBeTruthy()
    expect(screen.queryByText(/what integrations show/)).toBeNull()
    expect(
      screen.getByText(/Email collection sends replies by email only when continuity is on/),
    ).toBeTruthy()
    // On by default (Chatwoot's default): the preview shows the prompt.
    expect(preview().textContent).toContain('Get notified by email')
    fireEvent.click(screen.getByLabelText('Ask visitors without an email for one'))
    await settle(1)
    expect(preview().textContent).not.toContain('Get notified by email')
  })

  it('previews when the team is back and the out-of-office message while closed', () => {
    const draft = {
      ...draftOf(websiteInbox({ enable_email_collect: false })),
      working_hours_enabled: true,
      timezone: 'Europe/Madrid',
      out_of_office_message: 'We are out, back soon.',
    }
    render(<WidgetPreview draft={draft} now={SATURDAY_NOON} />)
    expect(preview().textContent).toContain('We’re back Monday at 09:00')
    expect(preview().textContent).not.toContain('Typically replies')
    expect(preview().querySelector('.preview-bubble')?.textContent).toBe('We are out, back soon.')
  })

  it('previews the reply time and no away message while open', () => {
    const open = websiteInbox({ enable_email_collect: false, out_of_office_message: 'Away' })
    const draft = { ...draftOf(open), working_hours_enabled: true }
    // Monday 30 November 2026, 10:00 UTC: inside the default 9:00–17:00.
    render(<WidgetPreview draft={draft} now={Date.UTC(2026, 10, 30, 10) / 1000} />)
    expect(preview().textContent).toContain('Typically replies in a few minutes')
    expect(preview().querySelector('.preview-bubble')).toBeNull()
  })

  it('saves CSAT, auto-assignment and messages after resolution at once', async () => {
    const { services: s, calls } = inboxServer(websiteInbox())
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(screen.getByText(/Auto-assignment only assigns agents who are online/)).toBeTruthy()
    fireEvent.click(
      screen.getByLabelText('Ask for a rating (CSAT) when a conversation is resolved'),
    )
    await settle()
    fireEvent.click(screen.getByLabelText('Assign new conversations automatically'))
    await settle()
    fireEvent.click(
      screen.getByLabelText('Reopen a resolved conversation when the visitor writes again'),
    )
    await settle()
    expect(patches(calls).map((c) => c.body)).toEqual([
      { csat_survey_enabled: true },
      { enable_auto_assignment: false },
      { allow_messages_after_resolved: false },
    ])
    expect(
      (
        screen.getByLabelText(
          'Ask for a rating (CSAT) when a conversation is resolved',
        ) as HTMLInputElement
      ).checked,
    ).toBe(true)
    expect(screen.queryByLabelText('Keep one conversation per contact')).toBeNull()
  })

  it('shows a switch as chosen while it saves, and back as stored when the save fails', async () => {
    const refusing = services((call: Call) => {
      if (call.path === `${base}/inboxes/7` && call.method === 'GET')
        return Response.json(websiteInbox())
      if (call.path === `${base}/inboxes/7` && call.method === 'PATCH')
        return Response.json(
          { error: 'validation_failed', message: 'Nope', description: 'Nope', errors: [] },
          { status: 422 },
        )
      if (call.path === `${base}/inbox_members/7`) return Response.json({ payload: [] })
      return undefined
    })
    await renderWith(refusing.services, <InboxSettingsPage route={route as never} />)
    const csat = screen.getByLabelText(
      'Ask for a rating (CSAT) when a conversation is resolved',
    ) as HTMLInputElement
    fireEvent.click(csat)
    expect(csat.checked).toBe(true)
    await settle()
    expect(csat.checked).toBe(false)
    expect(screen.getByText(/Nope/)).toBeTruthy()
  })

  it('offers an email inbox CSAT by a rating page, and no widget settings', async () => {
    const { services: s } = inboxServer(emailInbox())
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(screen.getByText(/CSAT on email inboxes sends a link to a rating page/)).toBeTruthy()
    expect(screen.queryByLabelText('Send a greeting when a conversation starts')).toBeNull()
    expect(screen.queryByLabelText('Ask visitors without an email for one')).toBeNull()
    expect(
      screen.queryByLabelText('Reopen a resolved conversation when the visitor writes again'),
    ).toBeNull()
  })

  it('offers an API inbox one conversation per contact, CSAT, and its greeting and hours in a form of their own', async () => {
    const { services: s, calls } = inboxServer(apiInbox())
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(screen.queryByLabelText('Ask visitors without an email for one')).toBeNull()
    fireEvent.click(screen.getByLabelText('Keep one conversation per contact'))
    await settle()
    fireEvent.click(
      screen.getByLabelText('Ask for a rating (CSAT) when a conversation is resolved'),
    )
    await settle()
    fireEvent.click(screen.getByLabelText('Send a greeting when a conversation starts'))
    await settle(1)
    fireEvent.input(screen.getByLabelText('Greeting message'), {
      target: { value: 'Hi from the API' },
    })
    fireEvent.click(screen.getByLabelText('Use business hours'))
    await settle(1)
    fireEvent.click(screen.getByRole('button', { name: 'Save automatic messages' }))
    await settle()
    expect(patches(calls).map((c) => c.body)).toEqual([
      { lock_to_single_conversation: true },
      { csat_survey_enabled: true },
      { greeting_enabled: true, greeting_message: 'Hi from the API', working_hours_enabled: true },
    ])
  })

  it('sets and removes the inbox’s agent bot at once, with Chatwoot’s set_agent_bot body', async () => {
    const { services: s, calls } = inboxServer(apiInbox())
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    await settle()
    const select = screen.getByLabelText('Bot that answers first') as HTMLSelectElement
    expect(select.value).toBe('')
    fireEvent.change(select, { target: { value: '3' } })
    await settle()
    expect(screen.getByText('Agent bot saved.')).toBeTruthy()
    fireEvent.change(select, { target: { value: '' } })
    await settle()
    const sets = calls.filter((c) => c.path === `${base}/inboxes/7/set_agent_bot`)
    expect(sets.map((c) => [c.method, c.body])).toEqual([
      ['POST', { agent_bot: 3 }],
      ['POST', { agent_bot: null }],
    ])
  })
})
