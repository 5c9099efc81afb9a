import type { Inbox } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { isApi, isEmail, isWebsite } from './channel'
import { SettingToggle } from './SettingToggle'

export interface ConversationSettingsProps {
  inbox: Inbox
  onSaved(inbox: Inbox): void
}

/**
 * The inbox's switches for what happens to its conversations, only those that apply to its
 * channel, as Chatwoot offers them: CSAT (csat_survey_enabled: a rating asked once resolved) for
 * website, email and API inboxes; auto-assignment (enable_auto_assignment: round robin over online
 * members) for all; messages after resolution (allow_messages_after_resolved: whether a visitor's
 * new message reopens) for the widget; one conversation per contact (lock_to_single_conversation)
 * for API inboxes.
 */
export function ConversationSettings({ inbox, onSaved }: ConversationSettingsProps) {
  const t = useStrings().inboxes
  return (
    <section class="inbox-section" aria-labelledby="conversations-heading">
      <h2 id="conversations-heading">{t.conversationsHeading}</h2>
      <p class="form-hint">{t.conversationsIntro}</p>
      {(isWebsite(inbox) || isEmail(inbox) || isApi(inbox)) && (
        <SettingToggle
          inbox={inbox}
          field="csat_survey_enabled"
          label={t.csatEnabled}
          hint={isEmail(inbox) ? t.csatEmailHint : t.csatHint}
          onSaved={onSaved}
        />
      )}
      <SettingToggle
        inbox={inbox}
        field="enable_auto_assignment"
        label={t.autoAssignEnabled}
        hint={t.autoAssignHint}
        onSaved={onSaved}
      >
        <p class="form-hint">{t.autoAssignCapacity}</p>
      </SettingToggle>
      {isWebsite(inbox) && (
        <SettingToggle
          inbox={inbox}
          field="allow_messages_after_resolved"
          label={t.afterResolvedEnabled}
          hint={t.afterResolvedHint}
          onSaved={onSaved}
        />
      )}
      {isApi(inbox) && (
        <SettingToggle
          inbox={inbox}
          field="lock_to_single_conversation"
          label={t.singleConversationEnabled}
          hint={t.singleConversationHint}
          onSaved={onSaved}
        />
      )}
    </section>
  )
}
