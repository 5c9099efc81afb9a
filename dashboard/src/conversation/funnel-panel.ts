import type { ApiClient } from '../api/client'
import { ApiError, unwrap } from '../api/client'
import type { ChecklistItem, Funnel, FunnelStagePlacement } from '../api/schema'

/** What the funnel panel shows of one conversation. */
export interface FunnelView {
  funnels: Funnel[]
  placements: FunnelStagePlacement[]
  checklist: ChecklistItem[]
}

/** The conversation's funnel routes (its display id), as the funnel panel calls them. */
export function funnelPanelApi(api: ApiClient, accountId: number, displayId: number) {
  const params = { path: { account_id: accountId, conversation_id: displayId } }
  const base = '/api/v1/accounts/{account_id}/conversations/{conversation_id}' as const
  return {
    /** The account's funnels, where the conversation sits, and its current checklists. */
    async load(): Promise<FunnelView> {
      const [funnels, placements, checklist] = await Promise.all([
        unwrap(
          api.GET('/api/v1/accounts/{account_id}/funnels', {
            params: { path: { account_id: accountId } },
          }),
        ),
        unwrap(api.GET(`${base}/funnel_stages`, { params })),
        unwrap(api.GET(`${base}/checklist`, { params })),
      ])
      return {
        funnels: funnels.payload,
        placements: placements.payload,
        checklist: checklist.payload,
      }
    },
    /** Where the conversation sits now and its current checklists (after a change). */
    async refresh(): Promise<Omit<FunnelView, 'funnels'>> {
      const [placements, checklist] = await Promise.all([
        unwrap(api.GET(`${base}/funnel_stages`, { params })),
        unwrap(api.GET(`${base}/checklist`, { params })),
      ])
      return { placements: placements.payload, checklist: checklist.payload }
    },
    move: (funnelId: number, stageId: number) =>
      unwrap(
        api.POST(`${base}/funnel_stage`, {
          params,
          body: { funnel_id: funnelId, stage_id: stageId },
        }),
      ),
    check: (itemId: number, checked: boolean): Promise<ChecklistItem> =>
      unwrap(
        api.PATCH(`${base}/checklist/{item_id}`, {
          params: { path: { ...params.path, item_id: itemId } },
          body: { checked },
        }),
      ),
  }
}

/**
 * The titles of the required items a refused move names (`checklist.{id}` fields, code
 * required_item_open), or null when the refusal was something else.
 */
export function openRequiredTitles(failure: unknown, items: ChecklistItem[]): string[] | null {
  if (!(failure instanceof ApiError) || failure.status !== 422) return null
  const ids = Object.keys(failure.fields)
    .map((field) => /^checklist\.(\d+)$/.exec(field)?.[1])
    .filter((id): id is string => id !== undefined)
  if (ids.length === 0) return null
  return ids.map((id) => {
    const item = items.find((it) => String(it.id) === id)
    return item?.title ?? (failure.fields[`checklist.${id}`] ?? '').replace(/^"(.*)".*$/, '$1')
  })
}

/** "2 d 3 h", "3 h 5 min", "4 min": how long a conversation has been in its stage. */
export function stageDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  const hours = Math.floor(minutes / 60)
  const days = Math.floor(hours / 24)
  if (days > 0) return `${days} d ${hours % 24} h`
  if (hours > 0) return `${hours} h ${minutes % 60} min`
  return `${minutes} min`
}
