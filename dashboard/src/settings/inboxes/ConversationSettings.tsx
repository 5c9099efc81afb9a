import type { Inbox } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { AutoAssignmentSetting } from './AutoAssignmentSetting'
import { CsatSetting } from './CsatSetting'
import { isApi, isEmail, isWebsite } from './channel'
import { ResolvedMessagesSetting } from './ResolvedMessagesSetting'
import { SingleConversationSetting } from './SingleConversationSetting'

export interface ConversationSettingsProps {
  inbox: Inbox
  onSaved(inbox: Inbox): void
}

/**
 * The inbox's switches for what happens to its conversations, only those that apply to its
 * channel, as Chatwoot offers them: CSAT for website, email and API inboxes, messages after
 * resolution for the widget, one conversation per contact for API inboxes, auto-assignment for all.
 */
export function ConversationSettings({ inbox, onSaved }: ConversationSettingsProps) {
  const t = useStrings().inboxes
  return (
    <section class="inbox-section" aria-labelledby="conversations-heading">
      <h2 id="conversations-heading">{t.conversationsHeading}</h2>
      <p class="form-hint">{t.conversationsIntro}</p>
      {(isWebsite(inbox) || isEmail(inbox) || isApi(inbox)) && (
        <CsatSetting inbox={inbox} onSaved={onSaved} />
      )}
      <AutoAssignmentSetting inbox={inbox} onSaved={onSaved} />
      {isWebsite(inbox) && <ResolvedMessagesSetting inbox={inbox} onSaved={onSaved} />}
      {isApi(inbox) && <SingleConversationSetting inbox={inbox} onSaved={onSaved} />}
    </section>
  )
}
