import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { settle } from '../../workspace-harness'
import { fakeFunnelApi, funnel, refusal, renderEditor, stage } from './fake-funnel-api'

afterEach(() => {
  document.body.innerHTML = ''
})

const region = (name: string | RegExp) => screen.getByRole('region', { name })

function typeInto(scope: HTMLElement, label: string, value: string) {
  fireEvent.input(within(scope).getByLabelText(label), { target: { value } })
}

async function click(scope: HTMLElement, name: string | RegExp) {
  fireEvent.click(within(scope).getByRole('button', { name }))
  await settle()
}

describe('FunnelEditor', () => {
  it('creates a funnel, then two stages, one with a required checklist item', async () => {
    const server = fakeFunnelApi(null)
    const { onChanged } = await renderEditor(server.api, null)
    const editor = region('New funnel')
    typeInto(editor, 'Name', 'Sales')
    typeInto(editor, 'Description', 'From lead to won')
    await click(editor, 'Create funnel')
    expect(server.callsTo('POST', '')[0]?.body).toEqual({
      name: 'Sales',
      description: 'From lead to won',
    })
    expect(screen.getByText('Funnel Sales created. Add its stages below.')).toBeTruthy()

    const newStage = () => region('New stage')
    typeInto(newStage(), 'Stage name', 'Lead')
    await click(newStage(), 'Add stage')
    typeInto(newStage(), 'Stage name', 'Qualified')
    typeInto(newStage(), 'Time limit in minutes', '60')
    await click(newStage(), 'Add checklist item')
    typeInto(newStage(), 'Item 1 title', 'Budget known')
    fireEvent.click(within(newStage()).getByRole('checkbox', { name: 'Item 1 required' }))
    await click(newStage(), 'Add stage')

    const added = server.callsTo('POST', '/9/stages').map((c) => c.body)
    expect(added).toEqual([
      { name: 'Lead', color: '#1f93ff', time_limit_minutes: null, checklist_template: [] },
      {
        name: 'Qualified',
        color: '#1f93ff',
        time_limit_minutes: 60,
        checklist_template: [{ title: 'Budget known', required: true }],
      },
    ])
    const qualified = region('Stage 2: Qualified')
    expect((within(qualified).getByLabelText('Item 1 title') as HTMLInputElement).value).toBe(
      'Budget known',
    )
    expect(region('Stage 1: Lead')).toBeTruthy()
    expect((within(newStage()).getByLabelText('Stage name') as HTMLInputElement).value).toBe('')
    expect(onChanged).toHaveBeenCalledTimes(3)
  })

  it('moves focus to a new checklist row, and keeps it in the checklist when a row goes', async () => {
    const server = fakeFunnelApi(funnel([stage(1, 'Lead')]))
    await renderEditor(server.api, 9)
    const form = region('New stage')
    await click(form, 'Add checklist item')
    expect(document.activeElement).toBe(within(form).getByLabelText('Item 1 title'))
    await click(form, 'Add checklist item')
    expect(document.activeElement).toBe(within(form).getByLabelText('Item 2 title'))
    await click(form, 'Remove item 2')
    expect(document.activeElement).toBe(within(form).getByLabelText('Item 1 title'))
    await click(form, 'Remove item 1')
    expect(document.activeElement).toBe(
      within(form).getByRole('button', { name: 'Add checklist item' }),
    )
  })

  it('moves a stage up by its button, through the reorder endpoint, keeping focus on it', async () => {
    const server = fakeFunnelApi(funnel([stage(1, 'Lead'), stage(2, 'Qualified'), stage(3, 'Won')]))
    const { onChanged } = await renderEditor(server.api, 9)
    const button = screen.getByRole('button', { name: 'Move Qualified up' })
    expect(
      (screen.getByRole('button', { name: 'Move Lead up' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    button.focus()
    fireEvent.click(button)
    await settle()
    expect(server.callsTo('POST', '/9/stages/reorder')[0]?.body).toEqual({ stage_ids: [2, 1, 3] })
    const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)
    expect(headings).toEqual(['Stage 1: Qualified', 'Stage 2: Lead', 'Stage 3: Won', 'New stage'])
    expect(screen.getByText('Stage Qualified moved to position 1.')).toBeTruthy()
    expect(document.activeElement?.textContent).toBe('Move Qualified down')
    expect(onChanged).toHaveBeenCalledTimes(1)
  })

  it("shows a 422's message beside the field it names", async () => {
    const server = fakeFunnelApi(funnel([stage(1, 'Lead')]), (call) =>
      call.method === 'PATCH' ? refusal('name', "can't be blank") : undefined,
    )
    const { onChanged } = await renderEditor(server.api, 9)
    const lead = region('Stage 1: Lead')
    typeInto(lead, 'Stage name', '')
    await click(lead, 'Save stage')
    const input = within(lead).getByLabelText('Stage name')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const described = document.getElementById(String(input.getAttribute('aria-describedby')))
    expect(described?.textContent).toBe("Stage name can't be blank")
    // The words are under the field; the form's alert points there instead of repeating them.
    expect(within(lead).getByRole('alert').textContent).toBe(
      'Not saved: see the messages under the fields.',
    )
    expect(onChanged).not.toHaveBeenCalled()
  })

  it('keeps a refused new funnel in its form, the message by its name, the list not told', async () => {
    const server = fakeFunnelApi(null, (call) =>
      call.method === 'POST' ? refusal('name', 'is too short') : undefined,
    )
    const { onChanged } = await renderEditor(server.api, null)
    await click(region('New funnel'), 'Create funnel')
    expect(within(region('New funnel')).getByText('Name is too short')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Stages' })).toBeNull()
    expect(onChanged).not.toHaveBeenCalled()
  })

  it('shows a refused checklist item title beside that item', async () => {
    const template = [{ title: 'x', required: false }]
    const server = fakeFunnelApi(
      funnel([stage(1, 'Lead', { checklist_template: template })]),
      (call) =>
        call.method === 'PATCH' ? refusal('checklist_template.0.title', 'is too long') : undefined,
    )
    await renderEditor(server.api, 9)
    const lead = region('Stage 1: Lead')
    await click(lead, 'Save stage')
    expect(within(lead).getByText('Item 1 title is too long')).toBeTruthy()
  })

  it('deletes a stage after confirming, moving its conversations to the stage chosen', async () => {
    const server = fakeFunnelApi(funnel([stage(1, 'Lead'), stage(2, 'Qualified'), stage(3, 'Won')]))
    await renderEditor(server.api, 9)
    const qualified = region('Stage 2: Qualified')
    const select = within(qualified).getByLabelText(
      'Its conversations move to',
    ) as HTMLSelectElement
    expect(select.value).toBe('1')
    fireEvent.change(select, { target: { value: '3' } })
    await click(qualified, 'Delete stage Qualified')
    await click(qualified, 'Delete')
    const deleted = server.calls.filter((c) => c.method === 'DELETE')
    expect(deleted.map((c) => [c.path, c.query.get('move_to')])).toEqual([
      ['/api/v1/accounts/1/funnels/9/stages/2', '3'],
    ])
    expect(screen.queryByRole('region', { name: /Qualified/ })).toBeNull()
    expect(screen.getByText('Stage Qualified deleted.')).toBeTruthy()
  })

  it('renames the funnel, then deletes it after confirming and goes back to the list', async () => {
    const server = fakeFunnelApi(funnel([stage(1, 'Lead')]))
    const { onChanged, navigate } = await renderEditor(server.api, 9)
    const editor = region('Edit funnel Sales')
    expect((within(editor).getByLabelText('Name') as HTMLInputElement).value).toBe('Sales')
    typeInto(editor, 'Name', 'Deals')
    await click(editor, 'Save funnel')
    expect(server.callsTo('PATCH', '/9')[0]?.body).toEqual({ name: 'Deals', description: null })
    expect(region('Edit funnel Deals')).toBeTruthy()
    await click(region('Edit funnel Deals'), 'Delete funnel Deals')
    await click(region('Edit funnel Deals'), 'Delete')
    expect(server.callsTo('DELETE', '/9')).toHaveLength(1)
    expect(screen.getByText('Funnel deleted.')).toBeTruthy()
    expect(onChanged).toHaveBeenCalledTimes(2)
    expect(navigate).toHaveBeenCalledWith('/app/accounts/1/funnels')
  })
})
