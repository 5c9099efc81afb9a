import { unwrap } from '../api/client'
import { useAccount } from '../app/context'
import { useLoad } from '../workspace/ui/useLoad'
import { moneyFormat } from './money'

/**
 * The agents, inboxes and labels the filters offer and the cards name, and the account's
 * currency its totals are shown in. A list the user may not read is simply empty, and an
 * unreadable account shows the default currency: the board works without them.
 */
export function useBoardOptions() {
  const { api, accountId } = useAccount()
  const path = { params: { path: { account_id: accountId } } }
  const agents = useLoad(
    () => unwrap(api.GET('/api/v1/accounts/{account_id}/agents', path)).catch(() => []),
    [accountId],
  )
  const inboxes = useLoad(
    () =>
      unwrap(api.GET('/api/v1/accounts/{account_id}/inboxes', path))
        .then((body) => body.payload)
        .catch(() => []),
    [accountId],
  )
  const labels = useLoad(
    () =>
      unwrap(api.GET('/api/v1/accounts/{account_id}/labels', path))
        .then((body) => body.payload)
        .catch(() => []),
    [accountId],
  )
  const currency = useLoad(
    () =>
      unwrap(api.GET('/api/v1/accounts/{account_id}', path))
        .then((account) => (account.settings?.currency as string | undefined) ?? null)
        .catch(() => null),
    [accountId],
  )
  return {
    money: moneyFormat(currency.data.value),
    agents: agents.data.value ?? [],
    inboxes: inboxes.data.value ?? [],
    labels: labels.data.value ?? [],
  }
}
