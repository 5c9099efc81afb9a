import type { ApiClient } from '../api/client'
import type { components } from '../api/schema'

export type CannedResponse = components['schemas']['CannedResponse']

/** The account's canned responses whose short code or content matches (`?search=`, as Chatwoot). */
export async function searchCanned(
  api: ApiClient,
  accountId: number,
  search: string,
): Promise<CannedResponse[]> {
  const { data, response } = await api.GET('/api/v1/accounts/{account_id}/canned_responses', {
    params: { path: { account_id: accountId }, query: { search } },
  })
  return response.ok && data ? data : []
}

/** The `/query` a composer's text asks canned responses for, or null when it is not one. */
export function cannedQuery(text: string): string | null {
  const match = /^\/(\S*)$/.exec(text)
  return match ? (match[1] ?? '') : null
}
