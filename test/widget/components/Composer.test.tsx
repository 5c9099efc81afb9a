import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { Composer } from '../../../widget/src/components/Composer'
import { createTestWidget, renderWith, settle } from '../helpers'

function setup(settings = {}) {
  const t = createTestWidget({ settings })
  const send = vi.spyOn(t.widget, 'send').mockImplementation(() => {})
  const typing = vi.spyOn(t.widget, 'typing').mockImplementation(() => {})
  renderWith(t.widget, <Composer />)
  const box = screen.getByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement
  return { ...t, send, typing, box }
}

describe('<Composer>', () => {
  it('sends on Enter, keeps Shift+Enter for a new line, and clears the box', async () => {
    const { send, box } = setup()
    fireEvent.input(box, { target: { value: 'line one' } })
    await settle()
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    expect(send).not.toHaveBeenCalled()
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(send).toHaveBeenCalledWith('line one', [])
    await settle()
    expect(box.value).toBe('')
  })

  it('has a named send button that ignores an empty message', () => {
    const { send } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
    expect(send).not.toHaveBeenCalled()
  })

  it('reports typing while there is text, and stops on blur', async () => {
    const { typing, box } = setup()
    fireEvent.input(box, { target: { value: 'h' } })
    fireEvent.input(box, { target: { value: '' } })
    fireEvent.blur(box)
    expect(typing.mock.calls).toEqual([[true], [false], [false]])
  })

  it('attaches picked files, lets them be removed, and sends them', async () => {
    const { send, box } = setup()
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement
    expect(picker.hidden).toBe(true)
    const click = vi.spyOn(picker, 'click').mockImplementation(() => {})
    fireEvent.click(screen.getByRole('button', { name: 'Attach a file' }))
    expect(click).toHaveBeenCalled()

    const a = new File(['a'], 'a.png', { type: 'image/png' })
    const b = new File(['b'], 'b.pdf', { type: 'application/pdf' })
    Object.defineProperty(picker, 'files', { value: [a, b], configurable: true })
    fireEvent.change(picker)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.pdf' }))
    await settle()
    expect(screen.queryByText('b.pdf')).toBeNull()
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(send).toHaveBeenCalledWith('', [a])
  })

  it('has no attach button when the page turned uploads off', () => {
    setup({ enableFileUpload: false })
    expect(screen.queryByRole('button', { name: 'Attach a file' })).toBeNull()
  })
})
