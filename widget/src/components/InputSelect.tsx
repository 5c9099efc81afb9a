import { useState } from 'preact/hooks'
import type { Message } from '../client/types'
import { RICH } from '../i18n/rich'
import { useWidget } from './context'
import { items, submittedValues } from './rich'

interface Option {
  title: string
  value: string
}

/** Quick replies: one button per option until one is chosen, then the choice. */
export function InputSelect({ message }: { message: Message }) {
  const widget = useWidget()
  const t = RICH[widget.state.lang.value]
  const [busy, setBusy] = useState(false)
  const chosen = submittedValues(message)
  if (chosen.length) {
    return <p class="answer">{chosen.map((v) => v.title ?? String(v.value)).join(', ')}</p>
  }
  const choose = async (option: Option) => {
    setBusy(true)
    await widget.answer(message, [{ title: option.title, value: option.value }])
    setBusy(false)
  }
  return (
    <fieldset class="options">
      <legend class="sr-only">{t.choose}</legend>
      {items<Option>(message).map((option) => (
        <button
          key={option.value}
          type="button"
          class="option"
          disabled={busy}
          onClick={() => void choose(option)}
        >
          {option.title}
        </button>
      ))}
    </fieldset>
  )
}
