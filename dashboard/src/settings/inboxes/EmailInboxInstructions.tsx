import type { Inbox } from '../../api/schema'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { CodeBlock } from '../../workspace/ui/CodeBlock'
import { forwardToEmail } from './channel'

/**
 * How mail reaches an email inbox and how its replies leave: the address to forward to (with a
 * copy button), then the Email Routing set-up in plain steps.
 */
export function EmailInboxInstructions({ inbox }: { inbox: Inbox }) {
  const t = useStrings().inboxes
  const forwardTo = forwardToEmail(inbox)
  const email = inbox.email ?? ''
  return (
    <section class="inbox-section" aria-labelledby="email-heading">
      <h2 id="email-heading">{t.emailHeading}</h2>
      <p>{format(t.emailIntro, { email })}</p>
      {forwardTo ? (
        <CodeBlock label={t.forwardTo} code={forwardTo} />
      ) : (
        <p class="form-hint">{t.forwardToMissing}</p>
      )}
      <h3>{t.emailSteps}</h3>
      <ol class="email-steps">
        <li>{format(t.emailStepForward, { email })}</li>
        <li>{format(t.emailStepCloudflare, { email })}</li>
        <li>{format(t.emailStepSending, { email })}</li>
        <li>{format(t.emailStepTest, { email })}</li>
      </ol>
    </section>
  )
}
