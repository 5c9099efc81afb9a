import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { EmailInput } from '../../../widget/src/components/EmailInput'
import { createTestWidget, message, renderWith, settle } from '../helpers'

describe('<EmailInput>', () => {
  it('asks for an email address and submits it', async () => {
    const { widget } = createTestWidget()
    const submit = vi.spyOn(widget, 'submitEmail').mockResolvedValue(true)
    const ask = message({ content_type: 'input_email' })
    renderWith(widget, <EmailInput message={ask} />)
    fireEvent.input(screen.getByRole('textbox', { name: 'Your email address' }), {
      target: { value: ' ada@example.test ' },
    })
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(submit).toHaveBeenCalledWith(ask, 'ada@example.test')
  })

  it('confirms the address once given', () => {
    const { widget } = createTestWidget()
    const given = message({
      content_type: 'input_email',
      content_attributes: { submitted_email: 'ada@example.test' },
    })
    renderWith(widget, <EmailInput message={given} />)
    expect(screen.getByText('We will reply to ada@example.test')).toBeTruthy()
  })

  it('puts the address on the contact as well as on the message', async () => {
    const { widget, server } = createTestWidget()
    widget.open()
    await settle()
    widget.send('hi')
    await settle()
    const conversation = server.conversations[0]
    const ask = server.addMessage(conversation?.id ?? 0, { content_type: 'input_email' })
    await widget.submitEmail(ask, 'ada@example.test')
    await settle()
    expect(server.calls('PATCH', /\/messages\/\d+$/)[0]?.body).toEqual({
      submitted_values: [{ name: 'email', title: 'Email', value: 'ada@example.test' }],
    })
    expect(server.calls('PATCH', /^\/contacts\/[^/]+$/)[0]?.body).toEqual({
      email: 'ada@example.test',
    })
  })
})
