import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { conversation, FakeServer, team } from './fake-server'
import { renderPane, settle } from './harness'

// Labels, teams and canned responses changed in Settings (in any tab) reach an open conversation
// from the feed's account.cache_invalidated, without a reload.

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const invalidated = (key: string) => ({
  event: 'account.cache_invalidated',
  data: { account_id: 1, cache_keys: { [key]: Date.now() } },
})

describe('settings reaching an open conversation', () => {
  it("recolours the header's chips and offers a new label when the labels are invalidated", async () => {
    server.conversation = conversation({ labels: ['urgent'] })
    const { services } = await renderPane(server)
    const header = document.querySelector('.cv-header') as HTMLElement
    expect(within(header).getByRole('listitem').style.background).toBe('')

    server.on('GET', '/labels', () => ({
      body: {
        payload: [
          { id: 9, title: 'urgent', description: null, color: '#b91c1c', show_on_sidebar: true },
        ],
      },
    }))
    services.feed.push(invalidated('label'))
    await settle()
    const chip = within(header).getByRole('listitem')
    expect(chip.style.background).not.toBe('')
    expect(chip.style.color).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/)
  })

  it('offers a team made meanwhile in the team picker when the teams are invalidated', async () => {
    const { services } = await renderPane(server)
    const picker = () => screen.getByRole('combobox', { name: 'Team' }) as HTMLSelectElement
    expect([...picker().options].map((o) => o.value)).not.toContain('3')
    server.on('GET', '/teams', () => ({ body: [team(2), { ...team(3), name: 'billing' }] }))
    services.feed.push(invalidated('team'))
    await settle()
    expect([...picker().options].map((o) => o.value)).toContain('3')
  })

  it('asks the open canned list again when the canned responses are invalidated, not for other keys', async () => {
    const { services } = await renderPane(server)
    const box = screen.getByRole('textbox', { name: 'Reply' })
    fireEvent.input(box, { target: { value: '/he' } })
    await settle()
    const calls = server.callsTo('GET', '/canned_responses').length
    services.feed.push(invalidated('label'))
    await settle()
    expect(server.callsTo('GET', '/canned_responses').length).toBe(calls)

    server.canned.push({ id: 3, short_code: 'hey', content: 'Hey there' })
    services.feed.push(invalidated('canned_response'))
    await settle()
    const options = within(screen.getByRole('listbox', { name: 'Canned responses' })).getAllByRole(
      'option',
    )
    expect(options.map((o) => o.textContent)).toContain('/heyHey there')
  })
})
