import { useId, useState } from 'preact/hooks'
import type { Message } from '../client/types'
import { format } from '../i18n'
import { RICH } from '../i18n/rich'
import { useWidget } from './context'
import { submittedValues } from './rich'

/** Chatwoot's input_email: asks for an address to reply to when the visitor leaves. */
export function EmailInput({ message }: { message: Message }) {
  const widget = useWidget()
  const t = widget.state.t.value
  const r = RICH[widget.state.lang.value]
  const id = useId()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const given =
    (message.content_attributes?.submitted_email as string | undefined) ??
    (submittedValues(message)[0]?.value as string | undefined)
  if (given) return <p class="answer">{format(r.emailSaved, { email: given })}</p>

  const onSubmit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    await widget.submitEmail(message, email.trim())
    setBusy(false)
  }
  return (
    <form class="rich-form inline" onSubmit={(e) => void onSubmit(e)}>
      <label for={id} class="sr-only">
        {t.rich.emailLabel}
      </label>
      <input
        id={id}
        type="email"
        required
        autoComplete="email"
        placeholder={t.rich.emailLabel}
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <button type="submit" class="primary" disabled={busy}>
        {r.submit}
      </button>
    </form>
  )
}
