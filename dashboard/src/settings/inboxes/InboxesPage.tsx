import { unwrap } from '../../api/client'
import { useAccount } from '../../app/context'
import { settingsPath } from '../../app/router'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { AppLink } from '../../workspace/ui/AppLink'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { PageHeader } from '../../workspace/ui/PageHeader'
import { useLoad } from '../../workspace/ui/useLoad'
import { channelName } from './channel'
import '../../styles/inbox-settings.css'

/** The account's inboxes, each linking to its settings, and the way to add one. */
export default function InboxesPage(_props: SettingsPageProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const inboxes = useLoad(
    async () =>
      (
        await unwrap(
          api.GET('/api/v1/accounts/{account_id}/inboxes', {
            params: { path: { account_id: accountId } },
          }),
        )
      ).payload,
    [accountId],
  )
  const list = inboxes.data.value
  return (
    <section class="workspace-page inboxes-page">
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <AppLink class="button button-primary" href={settingsPath(accountId, 'inbox_new')}>
            {t.add}
          </AppLink>
        }
      />
      <FormStatus error={inboxes.error.value} />
      {list === undefined ? (
        <p role="status">{inboxes.loading.value ? t.loading : ''}</p>
      ) : list.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <div class="table-scroll">
          <table class="table">
            <caption class="visually-hidden">{t.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.channel}</th>
                <th scope="col">{t.columns.website}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((inbox) => (
                <tr key={inbox.id}>
                  <th scope="row">
                    <AppLink href={settingsPath(accountId, 'inbox', inbox.id)}>
                      {inbox.name}
                    </AppLink>
                  </th>
                  <td>{channelName(inbox, t)}</td>
                  <td class="inbox-url">{inbox.website_url ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
