import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import LabelsPage from '../../../../dashboard/src/settings/labels/LabelsPage'
import { fakeRest, refusal } from '../shared/fake-rest'
import { deleteItem, field, press, renderSettingsPage, settle, typeInto } from '../shared/harness'

const billing = {
  id: 1,
  title: 'billing',
  description: 'Money',
  color: '#ff0000',
  show_on_sidebar: true,
}

function server(answer?: Parameters<typeof fakeRest>[0]['answer']) {
  return fakeRest({ collections: { '/labels': [{ ...billing }] }, wrapped: ['/labels'], answer })
}

describe('Labels settings page', () => {
  it('lists the labels with their title, description and sidebar setting', async () => {
    await renderSettingsPage(LabelsPage, server().api, 'labels')
    expect(screen.getByRole('heading', { level: 1, name: 'Labels' })).toBeTruthy()
    const row = screen.getByRole('row', { name: /billing/ })
    expect(within(row).getByText('Money')).toBeTruthy()
    expect(within(row).getByText('Yes')).toBeTruthy()
  })

  it('says what to do when there are no labels', async () => {
    const empty = fakeRest({ collections: { '/labels': [] }, wrapped: ['/labels'] })
    await renderSettingsPage(LabelsPage, empty.api, 'labels')
    expect(screen.getByText(/No labels yet/)).toBeTruthy()
  })

  it('creates a label and announces it', async () => {
    const rest = server()
    await renderSettingsPage(LabelsPage, rest.api, 'labels')
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }))
    typeInto('Title', 'vip')
    typeInto('Description', 'Important people')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show on sidebar' }))
    await press()
    expect(rest.callsTo('POST', '/labels')[0]?.body).toEqual({
      title: 'vip',
      description: 'Important people',
      color: '#1f93ff',
      show_on_sidebar: false,
    })
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Label created.')
    expect(screen.getByRole('row', { name: /vip/ })).toBeTruthy()
  })

  it('edits a label', async () => {
    const rest = server()
    await renderSettingsPage(LabelsPage, rest.api, 'labels')
    fireEvent.click(screen.getByRole('button', { name: 'Edit billing' }))
    expect(field('Title').value).toBe('billing')
    typeInto('Title', 'invoices')
    await press()
    expect(rest.callsTo('PATCH', '/labels/1')[0]?.body).toMatchObject({ title: 'invoices' })
    expect(screen.getByRole('row', { name: /invoices/ })).toBeTruthy()
  })

  it('deletes a label after confirming', async () => {
    const rest = server()
    await renderSettingsPage(LabelsPage, rest.api, 'labels')
    await deleteItem('billing')
    expect(rest.callsTo('DELETE', '/labels/1')).toHaveLength(1)
    expect(screen.queryByRole('row', { name: /billing/ })).toBeNull()
    expect(screen.getByText(/No labels yet/)).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }))
  })

  it('moves the focus into the form when it opens, and back to its opener when cancelled', async () => {
    await renderSettingsPage(LabelsPage, server().api, 'labels')
    const add = screen.getByRole('button', { name: 'Add label' })
    add.focus()
    fireEvent.click(add)
    await settle()
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'New label' }),
    )
    fireEvent.keyDown(field('Title'), { key: 'Escape' })
    await settle()
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull()
    expect(document.activeElement).toBe(add)
  })

  it("shows the API's 422 by the Title field", async () => {
    const rest = server((call) =>
      call.method === 'POST'
        ? refusal('title', 'may contain only letters, digits, "-" and "_"')
        : undefined,
    )
    await renderSettingsPage(LabelsPage, rest.api, 'labels')
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }))
    typeInto('Title', 'not ok')
    await press()
    const title = field('Title')
    expect(title.getAttribute('aria-invalid')).toBe('true')
    const describedBy = title.getAttribute('aria-describedby') ?? ''
    const message = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(message).toContain('Title may contain only letters, digits, "-" and "_"')
  })
})
