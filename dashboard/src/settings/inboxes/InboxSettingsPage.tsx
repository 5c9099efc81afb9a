import { unwrap } from '../../api/client'
import type { Inbox } from '../../api/schema'
import { useAccount } from '../../app/context'
import { settingsPath } from '../../app/router'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { AppLink } from '../../workspace/ui/AppLink'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { PageHeader } from '../../workspace/ui/PageHeader'
import { useLoad } from '../../workspace/ui/useLoad'
import { AgentBotSetting } from './AgentBotSetting'
import { ApiInboxForm } from './ApiInboxForm'
import { AutomaticMessagesForm } from './AutomaticMessagesForm'
import { ChannelInstructions } from './ChannelInstructions'
import { ConversationSettings } from './ConversationSettings'
import { isApi, isEmail, isWebsite } from './channel'
import { DeleteInbox } from './DeleteInbox'
import { EmailContinuity } from './EmailContinuity'
import { IdentityVerification } from './IdentityVerification'
import { InboxMembers } from './InboxMembers'
import { WidgetSection } from './WidgetSection'
import '../../styles/inbox-settings.css'

/**
 * One inbox's settings: the widget with its live preview (greeting, hours, email collection),
 * what happens to conversations, identity, agents, and deleting it.
 */
export default function InboxSettingsPage({ route }: SettingsPageProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const id = Number(route.id)
  const loaded = useLoad(
    () =>
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/inboxes/{id}', {
          params: { path: { account_id: accountId, id } },
        }),
      ),
    [accountId, id],
  )
  const inbox = loaded.data.value
  const back = (
    <AppLink class="button" href={settingsPath(accountId, 'inboxes')}>
      {t.backToList}
    </AppLink>
  )
  if (!inbox) {
    return (
      <section class="workspace-page inbox-settings-page">
        <PageHeader title={t.title} actions={back} />
        <FormStatus
          error={loaded.error.value ? `${t.settingsFailed} ${loaded.error.value}` : null}
        />
        <p role="status">{loaded.loading.value ? t.loading : ''}</p>
      </section>
    )
  }
  const replaced = (next: Inbox) => {
    loaded.data.value = next
  }
  return (
    <section class="workspace-page inbox-settings-page">
      <PageHeader title={format(t.settingsTitle, { name: inbox.name })} actions={back} />
      {isWebsite(inbox) && <WidgetSection inbox={inbox} onSaved={replaced} />}
      {isApi(inbox) && <ApiInboxForm inbox={inbox} onSaved={replaced} />}
      {isApi(inbox) && <AutomaticMessagesForm inbox={inbox} onSaved={replaced} />}
      <ConversationSettings inbox={inbox} onSaved={replaced} />
      <AgentBotSetting inbox={inbox} />
      {isWebsite(inbox) && <EmailContinuity inbox={inbox} onSaved={replaced} />}
      <ChannelInstructions inbox={inbox} />
      {/* Identity verification signs widget and API visitors; mail has no such identity. */}
      {inbox.inbox_identifier && !isEmail(inbox) && (
        <IdentityVerification inbox={inbox} onSaved={replaced} />
      )}
      <InboxMembers inboxId={inbox.id} />
      <DeleteInbox inbox={inbox} />
    </section>
  )
}
