import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { InputSelect } from '../../../widget/src/components/InputSelect'
import { createTestWidget, message, renderWith } from '../helpers'

const question = message({
  content_type: 'input_select',
  content_attributes: {
    items: [
      { title: 'Sales', value: 'sales' },
      { title: 'Support', value: 'support' },
    ],
  },
})

describe('<InputSelect>', () => {
  it('offers one button per option and answers with the chosen one', () => {
    const { widget } = createTestWidget()
    const answer = vi.spyOn(widget, 'answer').mockResolvedValue(true)
    renderWith(widget, <InputSelect message={question} />)
    expect(screen.getByRole('group', { name: 'Choose an option' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Support' }))
    expect(answer).toHaveBeenCalledWith(question, [{ title: 'Support', value: 'support' }])
  })

  it('shows the choice instead of the buttons once answered', () => {
    const { widget } = createTestWidget()
    const answered = message({
      ...question,
      content_attributes: {
        ...question.content_attributes,
        submitted_values: [{ title: 'Sales', value: 'sales' }],
      },
    })
    renderWith(widget, <InputSelect message={answered} />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByText('Sales')).toBeTruthy()
  })
})
