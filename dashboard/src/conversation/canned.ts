import type { ApiClient } from '../api/client'

export interface CannedResponse {
  id: number
  short_code: string
  content: string
}

/** The loose call shape for a route the generated types may not have yet. */
type LooseGet = (
  path: string,
  init: { params: { path: Record<string, number>; query: Record<string, string> } },
) => Promise<{ data?: unknown; response: Response }>

/**
 * The account's canned responses whose short code or content matches (`?search=`, as Chatwoot).
 * The route is new, so the call goes through the client without its generated path type.
 */
export async function searchCanned(
  api: ApiClient,
  accountId: number,
  search: string,
): Promise<CannedResponse[]> {
  const get = api.GET as unknown as LooseGet
  const { data, response } = await get('/api/v1/accounts/{account_id}/canned_responses', {
    params: { path: { account_id: accountId }, query: { search } },
  })
  if (!response.ok) return []
  const list = Array.isArray(data) ? data : (data as { payload?: unknown })?.payload
  return Array.isArray(list) ? (list as CannedResponse[]) : []
}

/** The `/query` a composer's text asks canned responses for, or null when it is not one. */
export function cannedQuery(text: string): string | null {
  const match = /^\/(\S*)$/.exec(text)
  return match ? (match[1] ?? '') : null
}
