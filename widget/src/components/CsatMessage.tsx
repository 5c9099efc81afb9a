import { useId, useState } from 'preact/hooks'
import type { Message } from '../client/types'
import { RICH } from '../i18n/rich'
import { useWidget } from './context'
import { submittedValues } from './rich'

const FACES = ['😞', '🙁', '😐', '🙂', '😀']

/**
 * The satisfaction survey sent after a conversation is resolved. Answered as Chatwoot's widget
 * does, which is what the public API stores and reports on: submitted_values
 * [{name: 'csat_survey_response', value: '1'..'5', csat_survey_response: {rating, feedback_message}}].
 */
export function CsatMessage({ message }: { message: Message }) {
  const widget = useWidget()
  const c = RICH[widget.state.lang.value]
  const id = useId()
  const [rating, setRating] = useState(0)
  const [feedback, setFeedback] = useState('')
  const [busy, setBusy] = useState(false)
  const done =
    submittedValues(message).length > 0 || Boolean(message.content_attributes?.csat_survey_response)
  if (done) return <p class="answer">{c.thanks}</p>

  const onSubmit = async (event: Event) => {
    event.preventDefault()
    if (!rating) return
    setBusy(true)
    const comment = feedback.trim()
    await widget.answer(message, [
      {
        name: 'csat_survey_response',
        title: c.ratings[rating - 1],
        value: String(rating),
        csat_survey_response: { rating, feedback_message: comment || null },
      },
    ])
    setBusy(false)
  }

  return (
    <form class="rich-form csat" onSubmit={(e) => void onSubmit(e)}>
      <fieldset>
        <legend>{c.question}</legend>
        <div class="faces">
          {FACES.map((face, index) => (
            <button
              key={face}
              type="button"
              class="face"
              aria-pressed={rating === index + 1}
              aria-label={c.ratings[index]}
              title={c.ratings[index]}
              onClick={() => setRating(index + 1)}
            >
              {face}
            </button>
          ))}
        </div>
      </fieldset>
      <label for={id}>{c.feedback}</label>
      <textarea
        id={id}
        rows={2}
        value={feedback}
        onInput={(e) => setFeedback(e.currentTarget.value)}
      />
      <button type="submit" class="primary" disabled={busy || !rating}>
        {c.submit}
      </button>
    </form>
  )
}
