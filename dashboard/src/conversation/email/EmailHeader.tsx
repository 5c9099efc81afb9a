import { useStrings } from '../../i18n/context'
import type { AutomaticKind, EmailAttributes } from './email-attributes'

export interface EmailHeaderProps {
  email: EmailAttributes
  automatic: AutomaticKind | null
}

/** Above a mail's text: its subject, who sent it and to whom, and a badge for machine mail. */
export function EmailHeader({ email, automatic }: EmailHeaderProps) {
  const t = useStrings().conversation
  const rows: [string, string[]][] = [
    [t.emailFrom, email.from],
    [t.emailTo, email.to],
    [t.emailCc, email.cc],
  ]
  return (
    <div class="cv-email-header">
      <p class="cv-email-subject">
        <span class="visually-hidden">{t.emailSubject}: </span>
        {email.subject ?? t.noSubject}
        {automatic && <span class="cv-email-badge">{t.automatic[automatic]}</span>}
      </p>
      <dl class="cv-email-addresses" aria-label={t.emailHeaders}>
        {rows
          .filter(([, list]) => list.length > 0)
          .map(([label, list]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{list.join(', ')}</dd>
            </div>
          ))}
      </dl>
    </div>
  )
}
