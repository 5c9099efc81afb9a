import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import CannedResponsesPage from '../../../../dashboard/src/settings/canned-responses/CannedResponsesPage'
import { fakeRest, refusal } from '../shared/fake-rest'
import { deleteItem, field, press, renderSettingsPage, settle, typeInto } from '../shared/harness'

const refund = { id: 1, account_id: 1, short_code: 'refund', content: 'Your refund is on its way.' }

function server(answer?: Parameters<typeof fakeRest>[0]['answer']) {
  return fakeRest({ collections: { '/canned_responses': [{ ...refund }] }, answer })
}

describe('Canned responses settings page', () => {
  it('lists the canned responses with their short code and content', async () => {
    await renderSettingsPage(CannedResponsesPage, server().api, 'canned-responses')
    expect(screen.getByRole('heading', { level: 1, name: 'Canned responses' })).toBeTruthy()
    expect(screen.getByRole('row', { name: /refund.*Your refund is on its way/ })).toBeTruthy()
  })

  it('searches with ?search= and says when nothing matches', async () => {
    const rest = server((call) =>
      call.method === 'GET' && call.query.get('search') === 'zzz' ? Response.json([]) : undefined,
    )
    await renderSettingsPage(CannedResponsesPage, rest.api, 'canned-responses')
    typeInto('Search canned responses', 'zzz')
    await settle()
    expect(rest.calls.at(-1)?.query.get('search')).toBe('zzz')
    expect(screen.getByText('No canned response matches "zzz".')).toBeTruthy()
  })

  it('creates a canned response', async () => {
    const rest = server()
    await renderSettingsPage(CannedResponsesPage, rest.api, 'canned-responses')
    fireEvent.click(screen.getByRole('button', { name: 'Add canned response' }))
    typeInto('Short code', 'hello')
    typeInto('Content', 'Hello! How can I help?')
    await press()
    expect(rest.callsTo('POST', '/canned_responses')[0]?.body).toEqual({
      short_code: 'hello',
      content: 'Hello! How can I help?',
    })
    expect(screen.getByText('Canned response created.')).toBeTruthy()
    expect(screen.getByRole('row', { name: /hello/ })).toBeTruthy()
  })

  it('edits a canned response', async () => {
    const rest = server()
    await renderSettingsPage(CannedResponsesPage, rest.api, 'canned-responses')
    fireEvent.click(screen.getByRole('button', { name: 'Edit refund' }))
    typeInto('Content', 'Refunded today.')
    await press()
    expect(rest.callsTo('PATCH', '/canned_responses/1')[0]?.body).toEqual({
      short_code: 'refund',
      content: 'Refunded today.',
    })
    expect(screen.getByText('Refunded today.')).toBeTruthy()
  })

  it('deletes a canned response after confirming', async () => {
    const rest = server()
    await renderSettingsPage(CannedResponsesPage, rest.api, 'canned-responses')
    await deleteItem('refund')
    expect(rest.callsTo('DELETE', '/canned_responses/1')).toHaveLength(1)
    expect(screen.getByText(/No canned responses yet/)).toBeTruthy()
  })

  it('shows a duplicate short code (422) at the Short code field and keeps the form open', async () => {
    const rest = server((call) =>
      call.method === 'POST' ? refusal('short_code', 'has already been taken') : undefined,
    )
    await renderSettingsPage(CannedResponsesPage, rest.api, 'canned-responses')
    fireEvent.click(screen.getByRole('button', { name: 'Add canned response' }))
    typeInto('Short code', 'refund')
    typeInto('Content', 'Again')
    await press()
    expect(field('Short code').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Short code has already been taken')).toBeTruthy()
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'Not saved: see the messages under the fields.',
    )
    expect(field('Content').value).toBe('Again')
  })
})
