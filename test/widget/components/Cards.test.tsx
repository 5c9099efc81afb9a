import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { Cards } from '../../../widget/src/components/Cards'
import { createTestWidget, message, renderWith } from '../helpers'

const cards = message({
  content_type: 'cards',
  content_attributes: {
    items: [
      {
        title: 'Blue shoes',
        description: 'Size 42',
        media_url: 'https://img.test/shoes.png',
        actions: [
          { type: 'link', text: 'View', uri: 'https://shop.test/shoes' },
          { type: 'postback', text: 'Buy these', payload: 'BUY_1' },
          { type: 'link', text: 'Evil', uri: 'javascript:alert(1)' },
        ],
      },
    ],
  },
})

describe('<Cards>', () => {
  it('shows each card with its link opening in a new tab', () => {
    const { widget } = createTestWidget()
    renderWith(widget, <Cards message={cards} />)
    expect(screen.getByText('Blue shoes')).toBeTruthy()
    expect(screen.getByText('Size 42')).toBeTruthy()
    const view = screen.getByRole('link', { name: 'View' })
    expect(view.getAttribute('href')).toBe('https://shop.test/shoes')
    expect(view.getAttribute('target')).toBe('_blank')
    expect(screen.queryByRole('link', { name: 'Evil' })).toBeNull()
  })

  it('answers a postback button with its text and tells the page', () => {
    const { widget, events } = createTestWidget()
    const send = vi.spyOn(widget, 'send').mockImplementation(() => {})
    renderWith(widget, <Cards message={cards} />)
    fireEvent.click(screen.getByRole('button', { name: 'Buy these' }))
    expect(events).toContainEqual({
      event: 'postback',
      detail: { title: 'Buy these', payload: 'BUY_1' },
    })
    expect(widget.state.messages.value.at(-1)?.content).toBe('Buy these')
    expect(send).not.toHaveBeenCalled()
  })
})
