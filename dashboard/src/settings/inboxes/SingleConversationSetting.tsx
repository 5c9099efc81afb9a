import type { Inbox } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { SettingToggle } from './SettingToggle'

/** Chatwoot's lock_to_single_conversation: a contact's new conversation is their latest one. */
export function SingleConversationSetting({
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
      field="lock_to_single_conversation"
      label={t.singleConversationEnabled}
      hint={t.singleConversationHint}
      onSaved={onSaved}
    />
  )
}
