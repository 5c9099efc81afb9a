import { unwrap } from '../../api/client'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { TextField } from '../../workspace/ui/TextField'
import { useLoad } from '../../workspace/ui/useLoad'
import { CrudPage } from '../shared/CrudPage'
import { descriptionColumn, NameAndDescription } from '../shared/NameAndDescription'
import { inAccount, itemOf } from '../shared/params'
import { useCrud } from '../shared/useCrud'
import {
  blankPolicy,
  draftOfPolicy,
  type Policy,
  type PolicyDraft,
  savePolicy,
} from './capacity-api'
import { InboxLimitsField } from './InboxLimitsField'
import { PolicyAgentsField } from './PolicyAgentsField'

/**
 * Settings › Capacity: the account's capacity policies (Chatwoot's Assignment v2), each with an
 * overall limit, limits per inbox and the agents it applies to.
 */
export default function CapacityPage(_props: SettingsPageProps) {
  const t = useStrings().capacity
  const { api, accountId } = useAccount()
  const all = inAccount(accountId)
  const options = useLoad(async () => {
    const [inboxes, agents] = await Promise.all([
      unwrap(api.GET('/api/v1/accounts/{account_id}/inboxes', all)),
      unwrap(api.GET('/api/v1/accounts/{account_id}/agents', all)),
    ])
    return { inboxes: inboxes.payload, agents }
  }, [accountId])
  const crud = useCrud<Policy, PolicyDraft>({
    load: () => unwrap(api.GET('/api/v1/accounts/{account_id}/agent_capacity_policies', all)),
    blank: blankPolicy,
    draftOf: draftOfPolicy,
    create: (draft) => savePolicy(api, accountId, null, draft),
    update: (policy, draft) => savePolicy(api, accountId, policy, draft),
    remove: (policy) =>
      unwrap(
        api.DELETE(
          '/api/v1/accounts/{account_id}/agent_capacity_policies/{id}',
          itemOf(accountId, policy.id),
        ),
      ),
  })
  const agentName = (id: number) =>
    options.data.value?.agents.find((agent) => agent.id === id)?.name ?? `#${id}`
  const loaded = options.data.value
  return (
    <CrudPage
      text={t}
      crud={crud}
      nameOf={(policy) => policy.name}
      columns={[
        { header: t.name, cell: (policy) => policy.name },
        descriptionColumn<Policy>(t.description_),
        {
          header: t.overall,
          cell: (policy) => policy.overall_conversation_limit?.toString() ?? t.noLimit,
        },
        { header: t.agentsColumn, cell: (policy) => policy.user_ids.map(agentName).join(', ') },
      ]}
      form={(kit) => (
        <>
          <NameAndDescription
            kit={kit}
            field="name"
            label={t.name}
            hint={t.nameHint}
            descriptionLabel={t.description_}
          />
          <TextField
            label={t.overall}
            type="number"
            value={kit.draft.overall}
            hint={t.overallHint}
            error={kit.error('overall_conversation_limit', t.overall)}
            onInput={(overall) => kit.set({ overall })}
          />
          {loaded ? (
            <>
              <InboxLimitsField kit={kit} inboxes={loaded.inboxes} />
              <PolicyAgentsField kit={kit} agents={loaded.agents} />
            </>
          ) : (
            <p>{options.error.value ?? t.loadingOptions}</p>
          )}
        </>
      )}
    />
  )
}
