import { render, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chipTextColor, LabelChips } from '../../../dashboard/src/conversation/LabelChips'
import { conversation, FakeServer } from './fake-server'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('label chips', () => {
  it('shows a few labels and counts the rest as +N', () => {
    render(
      <LabelChips
        titles={['billing', 'vip', 'bug', 'refund', 'eu']}
        label="Labels"
        more={(n) => `+${n}`}
      />,
    )
    const list = screen.getByRole('list', { name: 'Labels' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['billing', 'vip', 'bug', '+2'])
  })

  it('picks black or white text, whichever reads on the label colour', () => {
    expect(chipTextColor('#ffeb3b')).toBe('#000000')
    expect(chipTextColor('#1f2937')).toBe('#ffffff')
    expect(chipTextColor('not a colour')).toBe('#000000')
  })

  it('shows the applied labels in the conversation header in their colours', async () => {
    server.conversation = conversation({ labels: ['billing'] })
    await renderPane(server)
    await settle()
    const header = document.querySelector('.cv-header') as HTMLElement
    const chip = within(header).getByRole('listitem')
    expect(chip.textContent).toBe('billing')
    // The fake account's billing label is coloured; the text colour follows it.
    expect(chip.style.background).not.toBe('')
    expect(chip.style.color).toMatch(/^(#000000|#ffffff|rgb\(.*\))$/)
  })
})

describe('the label menu', () => {
  it('asks for the account labels again each time it opens, so a label made meanwhile is there', async () => {
    await renderPane(server)
    await settle()
    const before = server.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/labels'))
    const { LabelsMenu } = await import('../../../dashboard/src/conversation/LabelsMenu')
    expect(LabelsMenu).toBeTypeOf('function')
    const open = screen.getAllByRole('button').find((b) => /label/i.test(b.textContent ?? ''))
    expect(open).toBeTruthy()
    open?.click()
    await settle()
    const after = server.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/labels'))
    expect(after.length).toBe(before.length + 1)
  })
})
