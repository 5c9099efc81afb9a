import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { salesFunnel } from './fake-funnels'
import { conversation, FakeServer } from './fake-server'
import { FakeWebSocket } from './fake-socket'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const panel = () => screen.getByRole('region', { name: 'Funnels' })

/** Conversation 7 in Sales' Lead stage, whose required "Budget known" is unchecked. */
function inLead() {
  server.funnels.funnels = [salesFunnel()]
  server.funnels.place(1, 11)
}

async function moveTo(stage: string) {
  fireEvent.change(within(panel()).getByLabelText('Stage in Sales'), {
    target: { value: String(salesFunnel().stages.find((s) => s.name === stage)?.id) },
  })
  fireEvent.click(within(panel()).getByRole('button', { name: 'Move in Sales' }))
  await settle()
}

describe('funnel panel', () => {
  it("shows the conversation's funnel, stage, time in stage and the stage's checklist", async () => {
    inLead()
    server.funnels.placements = server.funnels.placements.map((p) => ({
      ...p,
      time_limit_exceeded: true,
    }))
    await renderPane(server)
    // The panel is a chunk of its own, fetched when a conversation first shows.
    const region = await screen.findByRole('region', { name: 'Funnels' })
    expect(await within(region).findByRole('heading', { name: 'Sales' })).toBeTruthy()
    const select = within(region).getByLabelText('Stage in Sales') as HTMLSelectElement
    expect(select.value).toBe('11')
    expect(within(region).getByText(/In this stage for 1 h 5 min/)).toBeTruthy()
    expect(within(region).getByText('Over the time limit')).toBeTruthy()
    const checklist = within(region).getByRole('group', { name: 'Checklist for Lead' })
    const item = within(checklist).getByRole('checkbox', { name: 'Budget known (required)' })
    expect((item as HTMLInputElement).checked).toBe(false)
  })

  it('ticks a checklist item through PATCH', async () => {
    inLead()
    await renderPane(server)
    const item = within(panel()).getByRole('checkbox', { name: /Budget known/ })
    fireEvent.click(item)
    await settle()
    const patch = server.calls.filter((c) => c.method === 'PATCH')
    expect(patch.map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/accounts/1/conversations/7/checklist/500', { checked: true }],
    ])
    expect(
      (within(panel()).getByRole('checkbox', { name: /Budget known/ }) as HTMLInputElement).checked,
    ).toBe(true)
  })

  it('names the unchecked required items when a move is refused', async () => {
    inLead()
    await renderPane(server)
    await moveTo('Qualified')
    expect(within(panel()).getByRole('alert').textContent).toBe(
      'Not moved: these required items are unchecked: Budget known.',
    )
    expect(within(panel()).getByRole('group', { name: 'Checklist for Lead' })).toBeTruthy()
  })

  it("moves the conversation to another stage and shows that stage's checklist", async () => {
    inLead()
    await renderPane(server)
    fireEvent.click(within(panel()).getByRole('checkbox', { name: /Budget known/ }))
    await settle()
    await moveTo('Qualified')
    const moves = server.calls.filter((c) => c.path.endsWith('/funnel_stage'))
    expect(moves.map((c) => c.body)).toEqual([{ funnel_id: 1, stage_id: 12 }])
    expect(within(panel()).getByRole('status').textContent).toBe('Moved to Qualified.')
    const checklist = within(panel()).getByRole('group', { name: 'Checklist for Qualified' })
    expect(within(checklist).getByRole('checkbox', { name: 'Decision maker named' })).toBeTruthy()
  })

  it('shows a move someone else made, when the conversation changes live', async () => {
    inLead()
    await renderPane(server)
    FakeWebSocket.last.ready()
    server.funnels.checklist = server.funnels.checklist.map((it) => ({ ...it, checked: true }))
    server.funnels.place(1, 12)
    FakeWebSocket.last.receive({
      event: 'conversation.updated',
      data: conversation({ updated_at: 1_763_000_500 }),
    })
    await settle()
    const select = within(panel()).getByLabelText('Stage in Sales') as HTMLSelectElement
    expect(select.value).toBe('12')
    expect(within(panel()).getByRole('group', { name: 'Checklist for Qualified' })).toBeTruthy()
    const funnelLists = server.calls.filter((c) => c.path === '/api/v1/accounts/1/funnels')
    expect(funnelLists).toHaveLength(1)
  })

  it('places the conversation in a funnel it is not in yet', async () => {
    server.funnels.funnels = [salesFunnel()]
    await renderPane(server)
    expect(within(panel()).getByText('Not in any funnel.')).toBeTruthy()
    fireEvent.change(within(panel()).getByLabelText('Add to funnel'), {
      target: { value: '1:11' },
    })
    fireEvent.click(within(panel()).getByRole('button', { name: 'Add' }))
    await settle()
    const moves = server.calls.filter((c) => c.path.endsWith('/funnel_stage'))
    expect(moves.map((c) => c.body)).toEqual([{ funnel_id: 1, stage_id: 11 }])
    expect(within(panel()).getByRole('status').textContent).toBe('Added to Sales.')
    expect((within(panel()).getByLabelText('Stage in Sales') as HTMLSelectElement).value).toBe('11')
  })

  it('says why the funnels did not load, and loads them again on Try again', async () => {
    inLead()
    let refusals = 1
    server.on('GET', '/funnel_stages', () =>
      refusals-- > 0
        ? { status: 503, body: { error: 'unavailable', message: 'Try again in a moment' } }
        : undefined,
    )
    await renderPane(server)
    expect(within(panel()).getByRole('alert').textContent).toBe('Try again in a moment')
    fireEvent.click(within(panel()).getByRole('button', { name: 'Try again' }))
    await settle()
    expect(within(panel()).getByRole('alert').textContent).toBe('')
    expect((within(panel()).getByLabelText('Stage in Sales') as HTMLSelectElement).value).toBe('11')
  })

  it('shows nothing, and asks for no funnel data before the messages, in an account without funnels', async () => {
    await renderPane(server)
    expect(screen.queryByRole('region', { name: 'Funnels' })).toBeNull()
    const paths = server.calls.map((c) => c.path)
    const messages = paths.indexOf('/api/v1/accounts/1/conversations/7/messages')
    const funnels = paths.indexOf('/api/v1/accounts/1/funnels')
    expect(messages).toBeGreaterThanOrEqual(0)
    expect(funnels).toBeGreaterThan(messages)
  })
})
