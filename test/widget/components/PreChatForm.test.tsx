import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { PreChatForm } from '../../../widget/src/components/PreChatForm'
import { FakeServer } from '../fake-server'
import { createTestWidget, renderWith, settle } from '../helpers'

function withFields() {
  const server = new FakeServer()
  server.config.pre_chat_form_enabled = true
  server.config.pre_chat_form_options = {
    pre_chat_message: 'Before we start…',
    pre_chat_fields: [
      { name: 'fullName', label: 'Your name', type: 'text', required: true, enabled: true },
      { name: 'emailAddress', label: 'Email', type: 'email', required: true, enabled: true },
      { name: 'order', label: 'Order number', type: 'text', required: false, enabled: true },
    ],
  }
  return createTestWidget({ server })
}

describe('<PreChatForm>', () => {
  it('labels every field, marks the required ones and shows the inbox message', async () => {
    const { widget } = withFields()
    await settle()
    renderWith(widget, <PreChatForm />)
    expect(screen.getByText('Before we start…')).toBeTruthy()
    const name = screen.getByRole('textbox', { name: 'Your name (required)' }) as HTMLInputElement
    expect(name.required).toBe(true)
    expect(name.autocomplete).toBe('name')
    const email = screen.getByRole('textbox', { name: 'Email (required)' }) as HTMLInputElement
    expect(email.type).toBe('email')
    expect(screen.getByRole('textbox', { name: 'Order number' })).toBeTruthy()
  })

  it('explains what is missing or wrong, next to the field, and focuses the first one', async () => {
    const { widget } = withFields()
    await settle()
    const submit = vi.spyOn(widget, 'submitPrechat')
    renderWith(widget, <PreChatForm />)
    const email = screen.getByRole('textbox', { name: 'Email (required)' })
    fireEvent.input(email, { target: { value: 'not-an-email' } })
    fireEvent.click(screen.getByRole('button', { name: 'Start conversation' }))
    await settle()
    const name = screen.getByRole('textbox', { name: 'Your name (required)' })
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your name is required',
    )
    expect(email.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Enter an email address like name@example.com')).toBeTruthy()
    expect(document.activeElement).toBe(name)
    expect(submit).not.toHaveBeenCalled()
  })

  it('sends contact fields as the contact and the rest as custom attributes', async () => {
    const { widget } = withFields()
    await settle()
    const submit = vi.spyOn(widget, 'submitPrechat').mockResolvedValue()
    renderWith(widget, <PreChatForm />)
    fireEvent.input(screen.getByRole('textbox', { name: 'Your name (required)' }), {
      target: { value: ' Ada ' },
    })
    fireEvent.input(screen.getByRole('textbox', { name: 'Email (required)' }), {
      target: { value: 'ada@example.test' },
    })
    fireEvent.input(screen.getByRole('textbox', { name: 'Order number' }), {
      target: { value: 'A-17' },
    })
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Start conversation' }))
    expect(submit).toHaveBeenCalledWith(
      { name: 'Ada', email: 'ada@example.test' },
      { order: 'A-17' },
    )
  })

  it('leaves out what setUser already told us', async () => {
    const { widget } = withFields()
    await widget.run({ type: 'setUser', identifier: 'u1', user: { email: 'ada@example.test' } })
    await settle()
    renderWith(widget, <PreChatForm />)
    expect(screen.queryByRole('textbox', { name: /Email/ })).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Your name (required)' })).toBeTruthy()
  })
})
