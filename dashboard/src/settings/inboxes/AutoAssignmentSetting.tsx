import type { Inbox } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { SettingToggle } from './SettingToggle'

/** Chatwoot's enable_auto_assignment: new conversations go round-robin to online members. */
export function AutoAssignmentSetting({
  inbox,
  onSaved,
}: {
  inbox: Inbox
  onSaved(inbox: Inbox): void
}) {
  const t = useStrings().inboxes
  return (
    <SettingToggle
      inbox={inbox}
      field="enable_auto_assignment"
      label={t.autoAssignEnabled}
      hint={t.autoAssignHint}
      onSaved={onSaved}
    >
      <p class="form-hint">{t.autoAssignCapacity}</p>
    </SettingToggle>
  )
}
