import type { Inbox } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { isEmail } from './channel'
import { SettingToggle } from './SettingToggle'

/** Chatwoot's csat_survey_enabled: a rating asked once a conversation is resolved. */
export function CsatSetting({ inbox, onSaved }: { inbox: Inbox; onSaved(inbox: Inbox): void }) {
  const t = useStrings().inboxes
  return (
    <SettingToggle
      inbox={inbox}
      field="csat_survey_enabled"
      label={t.csatEnabled}
      hint={isEmail(inbox) ? t.csatEmailHint : t.csatHint}
      onSaved={onSaved}
    />
  )
}
