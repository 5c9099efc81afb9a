import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { CsatMessage } from '../../../widget/src/components/CsatMessage'
import { createTestWidget, message, renderWith, settle } from '../helpers'

const survey = message({ content_type: 'input_csat', message_type: 3 })

describe('<CsatMessage>', () => {
  it('asks for a 1–5 rating with named buttons and an optional comment, and answers in the shape the public API stores', async () => {
    const { widget } = createTestWidget()
    const answer = vi.spyOn(widget, 'answer').mockResolvedValue(true)
    renderWith(widget, <CsatMessage message={survey} />)
    expect(
      screen.getByRole('group', { name: 'How would you rate this conversation?' }),
    ).toBeTruthy()
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    const satisfied = screen.getByRole('button', { name: 'Satisfied' })
    fireEvent.click(satisfied)
    await settle()
    expect(satisfied.getAttribute('aria-pressed')).toBe('true')
    fireEvent.input(screen.getByRole('textbox', { name: 'Tell us more (optional)' }), {
      target: { value: 'Quick and kind' },
    })
    await settle()
    fireEvent.click(submit)
    expect(answer).toHaveBeenCalledWith(survey, [
      {
        name: 'csat_survey_response',
        title: 'Satisfied',
        value: '4',
        csat_survey_response: { rating: 4, feedback_message: 'Quick and kind' },
      },
    ])
  })

  it('thanks the visitor once answered', () => {
    const { widget } = createTestWidget()
    const answered = message({
      ...survey,
      content_attributes: { submitted_values: [{ name: 'rating', value: '5' }] },
    })
    renderWith(widget, <CsatMessage message={answered} />)
    expect(screen.getByText('Thank you for your feedback.')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
