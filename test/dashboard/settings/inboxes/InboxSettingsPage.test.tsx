import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import InboxSettingsPage from '../../../../dashboard/src/settings/inboxes/InboxSettingsPage'
import {
  ACCOUNT,
  agent,
  base,
  type Call,
  codeBlock,
  renderWith,
  services,
  settle,
  websiteInbox,
} from './harness'

const route = { name: 'settings', accountId: ACCOUNT, section: 'inbox', id: 7 } as const

/** A fake account with inbox 7 (Ada is a member, Bo is not); PATCH merges like the API. */
function inboxServer(inbox = websiteInbox()) {
  let current = inbox
  let members = [agent(5, 'Ada')]
  const everyone = [agent(5, 'Ada'), agent(6, 'Bo')]
  return services((call: Call) => {
    if (call.path === `${base}/inboxes/7` && call.method === 'GET') return Response.json(current)
    if (call.path === `${base}/inboxes/7` && call.method === 'PATCH') {
      const { channel = {}, ...top } = call.body
      current = { ...current, ...top, ...channel }
      return Response.json(current)
    }
    if (call.path === `${base}/inboxes/7` && call.method === 'DELETE')
      return Response.json({ message: 'Inbox deleted' })
    if (call.path === `${base}/agents`) return Response.json(everyone)
    if (call.path === `${base}/inbox_members/7`) return Response.json({ payload: members })
    if (call.path === `${base}/inbox_members` && call.method === 'PATCH') {
      members = everyone.filter((a) => call.body.user_ids.includes(a.id))
      return Response.json({ payload: members })
    }
    return undefined
  })
}

const patches = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PATCH' && c.path === `${base}/inboxes/7`)
const preview = () => screen.getByTestId('widget-preview')

describe('an inbox’s settings', () => {
  it('saves only the changed widget fields, in Chatwoot’s shape', async () => {
    const { services: s, calls } = inboxServer()
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox: Shop' })).toBeTruthy()
    fireEvent.input(screen.getByLabelText('Welcome title'), { target: { value: 'Hello!' } })
    fireEvent.input(screen.getByLabelText('Widget colour (hex)'), { target: { value: '#ff8800' } })
    fireEvent.change(screen.getByLabelText('Reply time'), { target: { value: 'in_a_day' } })
    fireEvent.click(screen.getByLabelText('Closed on Monday'))
    fireEvent.input(screen.getByLabelText('Out-of-office message'), {
      target: { value: 'Back on Monday' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await settle()

    const [patch] = patches(calls)
    expect(patch?.body.channel).toEqual({
      welcome_title: 'Hello!',
      widget_color: '#ff8800',
      reply_time: 'in_a_day',
    })
    expect(patch?.body.out_of_office_message).toBe('Back on Monday')
    expect(patch?.body.working_hours[1]).toMatchObject({ day_of_week: 1, closed_all_day: true })
    expect(patch?.body.name).toBeUndefined()
    expect(patch?.body.channel.pre_chat_form_options).toBeUndefined()
    expect(screen.getByText('Saved.')).toBeTruthy()

    // Saved: a second save has nothing to send.
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await settle()
    expect(patches(calls)).toHaveLength(1)
  })

  it('sends the pre-chat form with the fields asked for and required', async () => {
    const { services: s, calls } = inboxServer()
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    fireEvent.click(screen.getByLabelText('Ask visitors about themselves before the chat starts'))
    fireEvent.click(screen.getByLabelText('Ask for Phone number'))
    fireEvent.click(screen.getByLabelText('Phone number is required'))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await settle()
    const channel = patches(calls)[0]?.body.channel
    expect(channel.pre_chat_form_enabled).toBe(true)
    const phone = channel.pre_chat_form_options.pre_chat_fields.find(
      (f: { name: string }) => f.name === 'phoneNumber',
    )
    expect(phone).toMatchObject({ enabled: true, required: true })
    expect(
      channel.pre_chat_form_options.pre_chat_fields.map((f: { name: string }) => f.name),
    ).toEqual(['emailAddress', 'fullName', 'phoneNumber'])
  })

  it('shows the API’s error next to the form', async () => {
    const { services: s } = services((call) =>
      call.method === 'GET' && call.path === `${base}/inboxes/7`
        ? Response.json(websiteInbox())
        : call.method === 'PATCH'
          ? Response.json(
              { error: 'validation_failed', message: 'channel.website_url: Invalid url' },
              { status: 422 },
            )
          : undefined,
    )
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    fireEvent.input(screen.getByLabelText('Website URL'), { target: { value: 'not a url' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await settle()
    const form = screen.getByRole('button', { name: 'Save changes' }).closest('form') as HTMLElement
    expect(within(form).getByRole('alert').textContent).toBe('channel.website_url: Invalid url')
  })

  it('updates the preview as the fields are typed, before saving', async () => {
    const { services: s, calls } = inboxServer()
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(preview().textContent).toContain('Hi there!')
    expect(preview().textContent).toContain('Typically replies in a few minutes')

    fireEvent.input(screen.getByLabelText('Welcome title'), {
      target: { value: 'Welcome to Shop' },
    })
    fireEvent.input(screen.getByLabelText('Welcome tagline'), { target: { value: 'We sell hats' } })
    fireEvent.change(screen.getByLabelText('Reply time'), { target: { value: 'in_a_few_hours' } })
    fireEvent.input(screen.getByLabelText('Widget colour (hex)'), { target: { value: '#ffeb3b' } })
    await settle(1)
    expect(preview().textContent).toContain('Welcome to Shop')
    expect(preview().textContent).toContain('We sell hats')
    expect(preview().textContent).toContain('Typically replies in a few hours')
    expect(preview().style.getPropertyValue('--preview-color')).toBe('#ffeb3b')
    // A light colour gets dark ink, as the widget does.
    expect(preview().style.getPropertyValue('--preview-on-color')).toBe('#000000')

    fireEvent.click(screen.getByLabelText('Ask visitors about themselves before the chat starts'))
    fireEvent.click(screen.getByLabelText('Ask for Email'))
    await settle(1)
    expect(preview().textContent).toContain('Email Id (required)')
    expect(preview().textContent).toContain('Start conversation')
    expect(patches(calls)).toHaveLength(0)
  })

  it('saves the chosen agents as the inbox’s members', async () => {
    const { services: s, calls } = inboxServer()
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    const members = screen.getByRole('group', { name: 'Agents in this inbox' })
    const ada = within(members).getByLabelText(/Ada/) as HTMLInputElement
    const bo = within(members).getByLabelText(/Bo/) as HTMLInputElement
    expect([ada.checked, bo.checked]).toEqual([true, false])
    fireEvent.click(ada)
    fireEvent.click(bo)
    fireEvent.click(screen.getByRole('button', { name: 'Save agents' }))
    await settle()
    const saved = calls.find((c) => c.method === 'PATCH' && c.path === `${base}/inbox_members`)
    expect(saved?.body).toEqual({ inbox_id: 7, user_ids: [6] })
    expect(screen.getByText('Agents saved.')).toBeTruthy()
  })

  it('shows the HMAC token and saves the enforce switch at once', async () => {
    const { services: s, calls } = inboxServer()
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(codeBlock('HMAC token').textContent).toContain('secret-hmac-token')
    expect(codeBlock('Node.js').textContent).toContain("createHmac('sha256', 'secret-hmac-token')")
    fireEvent.click(screen.getByLabelText('Enforce user identity validation'))
    await settle()
    expect(patches(calls)[0]?.body).toEqual({ channel: { hmac_mandatory: true } })
    expect(screen.getByLabelText('Enforce user identity validation')).toHaveProperty(
      'checked',
      true,
    )
  })

  it('shows email continuity on by default and saves turning it off at once', async () => {
    const { services: s, calls } = inboxServer()
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    const box = screen.getByLabelText('Email replies to visitors who have left')
    expect(box).toHaveProperty('checked', true)
    fireEvent.click(box)
    await settle()
    expect(patches(calls)[0]?.body).toEqual({ channel: { continuity_via_email: false } })
    expect(screen.getByLabelText('Email replies to visitors who have left')).toHaveProperty(
      'checked',
      false,
    )
    expect(screen.getByText('Conversation continuity saved.')).toBeTruthy()
  })

  it('deletes the inbox after asking, and goes back to the list', async () => {
    const { services: s, calls } = inboxServer()
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    fireEvent.click(screen.getByRole('button', { name: 'Delete inbox Shop' }))
    await settle(1)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await settle()
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${base}/inboxes/7`)).toBe(true)
    expect(s.navigate).toHaveBeenCalledWith('/app/accounts/1/settings/inboxes')
  })

  it('edits an API inbox’s name and webhook URL, and shows its identifier and webhook secret', async () => {
    const { services: s, calls } = inboxServer(
      websiteInbox({
        channel_type: 'Channel::Api',
        website_url: null,
        webhook_url: null,
        inbox_identifier: 'api-inbox-7',
        webhook_secret: 'whsec_abc',
      }),
    )
    await renderWith(s, <InboxSettingsPage route={route as never} />)
    expect(screen.queryByLabelText('Welcome title')).toBeNull()
    expect(codeBlock('Inbox identifier').textContent).toContain('api-inbox-7')
    expect(codeBlock('Webhook secret').textContent).toContain('whsec_abc')
    fireEvent.input(screen.getByLabelText('Webhook URL'), {
      target: { value: 'https://hooks.example.com/in' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await settle()
    expect(patches(calls)[0]?.body).toEqual({
      name: 'Shop',
      channel: { webhook_url: 'https://hooks.example.com/in' },
    })
    expect(screen.getByText('Saved.')).toBeTruthy()
  })
})
