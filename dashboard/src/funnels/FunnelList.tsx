import { useSignal } from '@preact/signals'
import { unwrap } from '../api/client'
import { useAccount } from '../app/context'
import { funnelsPath } from '../app/router'
import { type FunnelsStrings, format } from '../i18n'
import { useStrings } from '../i18n/context'
import { AppLink } from '../workspace/ui/AppLink'
import { PageHeader } from '../workspace/ui/PageHeader'
import { useLoad } from '../workspace/ui/useLoad'
import { FunnelEditorSlot } from './FunnelEditorSlot'

const stagesOf = (count: number, t: FunnelsStrings) =>
  count === 1 ? t.stageCountOne : format(t.stageCount, { count })

/** The account's funnels, each a link to its board; administrators can add one. */
export function FunnelList() {
  const t = useStrings().funnels
  const { api, accountId, isAdministrator } = useAccount()
  const creating = useSignal(false)
  const funnels = useLoad(
    () =>
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/funnels', {
          params: { path: { account_id: accountId } },
        }),
      ).then((body) => body.payload),
    [accountId],
  )
  const list = funnels.data.value
  const actions = isAdministrator && (
    <button
      type="button"
      class="button button-primary"
      aria-expanded={creating.value}
      onClick={() => {
        creating.value = !creating.value
      }}
    >
      {creating.value ? t.closeEditor : t.newFunnel}
    </button>
  )

  return (
    <div class="workspace-page funnels">
      <PageHeader title={t.title} description={t.description} actions={actions} />
      {creating.value && <FunnelEditorSlot funnelId={null} onChanged={funnels.reload} />}
      <p class="form-error" role="alert">
        {funnels.error.value ?? ''}
      </p>
      <p role="status" class="funnel-note">
        {funnels.loading.value && !list ? t.loading : ''}
      </p>
      {list && list.length === 0 && (
        <div class="funnel-empty">
          <p>{t.noFunnels}</p>
          <p>{isAdministrator ? t.noFunnelsAdministrator : t.noFunnelsAgent}</p>
        </div>
      )}
      {list && list.length > 0 && (
        <ul class="funnel-list" aria-label={t.funnelList}>
          {list.map((funnel) => (
            <li key={funnel.id}>
              <AppLink href={funnelsPath(accountId, funnel.id)}>{funnel.name}</AppLink>
              <span class="funnel-list-meta">{stagesOf(funnel.stages.length, t)}</span>
              {funnel.description && <p class="funnel-list-description">{funnel.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
