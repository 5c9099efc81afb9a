import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import CustomAttributesPage from '../../../../dashboard/src/settings/custom-attributes/CustomAttributesPage'
import { type Call, fakeRest, refusal } from '../shared/fake-rest'
import { deleteItem, field, press, renderSettingsPage, settle, typeInto } from '../shared/harness'

const definition = (id: number, name: string, key: string, model: string) => ({
  id,
  attribute_display_name: name,
  attribute_display_type: 'text',
  attribute_description: `About ${name}`,
  attribute_key: key,
  attribute_values: [],
  attribute_model: model,
  regex_pattern: null,
  default_value: null,
  created_at: 1,
  updated_at: 1,
})

function server(extra?: (call: Call) => Response | undefined) {
  const items = [
    definition(1, 'Plan', 'plan', 'conversation_attribute'),
    definition(2, 'Company', 'company', 'contact_attribute'),
  ]
  return fakeRest({
    collections: { '/custom_attribute_definitions': items },
    answer(call) {
      const refused = extra?.(call)
      if (refused) return refused
      const model = call.query.get('attribute_model')
      if (call.method !== 'GET' || !model) return undefined
      return Response.json(items.filter((item) => item.attribute_model === model))
    },
  })
}

describe('Custom attributes settings page', () => {
  it("lists the conversation attributes, and the contacts' when that kind is picked", async () => {
    const rest = server()
    await renderSettingsPage(CustomAttributesPage, rest.api, 'custom-attributes')
    const row = screen.getByRole('row', { name: /Plan/ })
    expect(within(row).getByText('plan')).toBeTruthy()
    expect(within(row).getByText('Text')).toBeTruthy()
    expect(within(row).getByText('About Plan')).toBeTruthy()
    expect(screen.queryByRole('row', { name: /Company/ })).toBeNull()
    fireEvent.change(screen.getByRole('combobox', { name: 'Attributes of' }), {
      target: { value: 'contact_attribute' },
    })
    await settle()
    expect(rest.calls.at(-1)?.query.get('attribute_model')).toBe('contact_attribute')
    expect(screen.getByRole('row', { name: /Company/ })).toBeTruthy()
  })

  it('creates a list attribute with a key derived from its name', async () => {
    const rest = server()
    await renderSettingsPage(CustomAttributesPage, rest.api, 'custom-attributes')
    fireEvent.click(screen.getByRole('button', { name: 'Add attribute' }))
    typeInto('Display name', 'Order Size')
    expect(field('Key').value).toBe('order_size')
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'list' } })
    typeInto('List values', 'small\n\nlarge\n')
    await press()
    expect(rest.callsTo('POST', '/custom_attribute_definitions')[0]?.body).toEqual({
      attribute_display_name: 'Order Size',
      attribute_key: 'order_size',
      attribute_display_type: 'list',
      attribute_description: null,
      attribute_values: ['small', 'large'],
      attribute_model: 'conversation_attribute',
    })
    expect(screen.getByText('Attribute created.')).toBeTruthy()
  })

  it('keeps a key typed by hand when the name changes', async () => {
    await renderSettingsPage(CustomAttributesPage, server().api, 'custom-attributes')
    fireEvent.click(screen.getByRole('button', { name: 'Add attribute' }))
    typeInto('Key', 'tier')
    typeInto('Display name', 'Customer tier')
    expect(field('Key').value).toBe('tier')
  })

  it('edits an attribute', async () => {
    const rest = server()
    await renderSettingsPage(CustomAttributesPage, rest.api, 'custom-attributes')
    fireEvent.click(screen.getByRole('button', { name: 'Edit Plan' }))
    typeInto('Display name', 'Pricing plan')
    expect(field('Key').value).toBe('plan')
    await press()
    expect(rest.callsTo('PATCH', '/custom_attribute_definitions/1')[0]?.body).toMatchObject({
      attribute_display_name: 'Pricing plan',
      attribute_key: 'plan',
    })
  })

  it('deletes an attribute after confirming', async () => {
    const rest = server()
    await renderSettingsPage(CustomAttributesPage, rest.api, 'custom-attributes')
    await deleteItem('Plan')
    expect(rest.callsTo('DELETE', '/custom_attribute_definitions/1')).toHaveLength(1)
    expect(screen.getByText(/No attributes of this kind yet/)).toBeTruthy()
  })

  it('shows a refused key (422) at the Key field', async () => {
    const rest = server((call) =>
      call.method === 'POST' ? refusal('attribute_key', 'has already been taken') : undefined,
    )
    await renderSettingsPage(CustomAttributesPage, rest.api, 'custom-attributes')
    fireEvent.click(screen.getByRole('button', { name: 'Add attribute' }))
    typeInto('Display name', 'Plan')
    await press()
    expect(field('Key').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Key has already been taken')).toBeTruthy()
  })
})
