import { unwrap } from '../api/client'
import { useAccount } from '../app/context'
import { useLoad } from '../workspace/ui/useLoad'

/**
 * The agents, inboxes and labels the filters offer and the cards name. A list the user may not
 * read is simply empty: the board works without it.
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
  return {
    agents: agents.data.value ?? [],
    inboxes: inboxes.data.value ?? [],
    labels: labels.data.value ?? [],
  }
}
