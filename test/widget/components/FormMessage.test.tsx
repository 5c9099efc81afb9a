import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { FormMessage } from '../../../widget/src/components/FormMessage'
import { createTestWidget, message, renderWith, settle } from '../helpers'

const form = message({
  content_type: 'form',
  content_attributes: {
    items: [
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'notes', label: 'Notes', type: 'textarea' },
      {
        name: 'size',
        label: 'Size',
        type: 'select',
        options: [
          { label: 'Small', value: 's' },
          { label: 'Large', value: 'l' },
        ],
      },
    ],
  },
})

describe('<FormMessage>', () => {
  it('renders labelled fields and answers with every value', async () => {
    const { widget } = createTestWidget()
    const answer = vi.spyOn(widget, 'answer').mockResolvedValue(true)
    renderWith(widget, <FormMessage message={form} />)
    fireEvent.input(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'a@example.test' },
    })
    fireEvent.input(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Hi' } })
    fireEvent.input(screen.getByRole('combobox', { name: 'Size' }), { target: { value: 'l' } })
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(answer).toHaveBeenCalledWith(form, [
      { name: 'email', title: 'Email', value: 'a@example.test' },
      { name: 'notes', title: 'Notes', value: 'Hi' },
      { name: 'size', title: 'Size', value: 'l' },
    ])
  })

  it('shows the answers once submitted', () => {
    const { widget } = createTestWidget()
    const done = message({
      ...form,
      content_attributes: {
        ...form.content_attributes,
        submitted_values: [{ name: 'email', title: 'Email', value: 'a@example.test' }],
      },
    })
    renderWith(widget, <FormMessage message={done} />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByText('a@example.test')).toBeTruthy()
  })
})
