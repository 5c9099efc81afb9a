import type { Inbox } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { SettingToggle } from './SettingToggle'

/** Chatwoot's allow_messages_after_resolved: whether a visitor's new message reopens. */
export function ResolvedMessagesSetting({
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
      field="allow_messages_after_resolved"
      label={t.afterResolvedEnabled}
      hint={t.afterResolvedHint}
      onSaved={onSaved}
    />
  )
}
