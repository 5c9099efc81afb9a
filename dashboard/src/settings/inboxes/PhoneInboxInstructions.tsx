import { useStrings } from '../../i18n/context'
import { CodeBlock } from '../../workspace/ui/CodeBlock'

/**
 * The two webhook addresses a phone inbox needs in Twilio's console, on this server's origin
 * (the dashboard is served by the same worker): Chatwoot's paths, so a shop moving from Chatwoot
 * changes only the host.
 */
export function PhoneInboxInstructions() {
  const t = useStrings().inboxes
  const origin = window.location.origin
  return (
    <section class="inbox-section" aria-labelledby="phone-heading">
      <h2 id="phone-heading">{t.phoneHeading}</h2>
      <p>{t.phoneIntro}</p>
      <CodeBlock label={t.incomingUrl} code={`${origin}/twilio/callback`} />
      <CodeBlock label={t.statusCallbackUrl} code={`${origin}/twilio/delivery_status`} />
      <p>{t.phoneStepTest}</p>
    </section>
  )
}
