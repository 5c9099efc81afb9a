import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { Inbox } from '../../../../dashboard/src/api/schema'
import NewInboxPage from '../../../../dashboard/src/settings/inboxes/NewInboxPage'
import { ACCOUNT, base, codeBlock, renderWith, services, settle, websiteInbox } from './harness'

/** A phone inbox as the API answers it (Chatwoot's Channel::Sms). */
const phoneInbox = (): Inbox =>
  websiteInbox({
    id: 12,
    name: 'Support SMS',
    channel_type: 'Channel::Sms',
    website_url: null,
    inbox_identifier: null,
  } as Partial<Inbox>)

const page = () => (
  <NewInboxPage
    route={{ name: 'settings', accountId: ACCOUNT, section: 'inbox_new', id: null } as never}
  />
)

async function fillPhoneForm(fields: Record<string, string>) {
  fireEvent.click(screen.getByLabelText('SMS or WhatsApp (Twilio)'))
  await settle(1)
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.input(screen.getByLabelText(label), { target: { value } })
  }
}

/** The new-inbox page against an API that creates the phone inbox; the calls it receives. */
async function renderCreating() {
  const { services: s, calls } = services((call) =>
    call.method === 'POST' && call.path === `${base}/inboxes`
      ? Response.json(phoneInbox())
      : undefined,
  )
  await renderWith(s, page())
  return calls
}

describe('a phone (Twilio) inbox', () => {
  it('is created with its credentials and number, then shows the two URLs to paste into Twilio', async () => {
    const calls = await renderCreating()
    await fillPhoneForm({
      Name: 'Support SMS',
      'Twilio Account SID': ' AC0123456789abcdef0123456789abcdef ',
      'Twilio Auth Token': 'secret-token',
      'Phone number': '+15550001111',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create inbox' }))
    await settle()

    expect(calls.at(-1)?.body).toEqual({
      name: 'Support SMS',
      channel: {
        type: 'phone',
        medium: 'sms',
        account_sid: 'AC0123456789abcdef0123456789abcdef',
        auth_token: 'secret-token',
        phone_number: '+15550001111',
      },
    })
    const origin = window.location.origin
    expect(codeBlock('Incoming message URL').querySelector('code')?.textContent).toBe(
      `${origin}/twilio/callback`,
    )
    expect(codeBlock('Status callback URL').querySelector('code')?.textContent).toBe(
      `${origin}/twilio/delivery_status`,
    )
    expect(screen.queryByText('Connect your app')).toBeNull()
  })

  it('sends from a Messaging Service on WhatsApp when one is given instead of a number', async () => {
    const calls = await renderCreating()
    await fillPhoneForm({
      Name: 'WhatsApp',
      'Twilio Account SID': 'AC0123456789abcdef0123456789abcdef',
      'Twilio Auth Token': 'secret-token',
      'Messaging Service SID': 'MG0123456789abcdef0123456789abcdef',
    })
    fireEvent.click(screen.getByLabelText('WhatsApp'))
    fireEvent.click(screen.getByRole('button', { name: 'Create inbox' }))
    await settle()
    expect(calls.at(-1)?.body).toMatchObject({
      channel: {
        type: 'phone',
        medium: 'whatsapp',
        messaging_service_sid: 'MG0123456789abcdef0123456789abcdef',
      },
    })
    const channel = (calls.at(-1)?.body as { channel?: object } | undefined)?.channel
    expect(channel).toMatchObject({ messaging_service_sid: 'MG0123456789abcdef0123456789abcdef' })
    expect(channel).not.toHaveProperty('phone_number')
  })
})
