import type { ApiClient } from '../../api/client'
import type { Funnel, FunnelStage } from '../../api/schema'
import { submit } from '../../settings/shared/submit'

/** A stage as its form holds it: the time limit as typed, the template as rows. */
export interface StageDraft {
  name: string
  color: string
  timeLimit: string
  items: { title: string; required: boolean }[]
}

export const emptyStage = (): StageDraft => ({
  name: '',
  color: '#1f93ff',
  timeLimit: '',
  items: [],
})

export const draftOf = (stage: FunnelStage): StageDraft => ({
  name: stage.name,
  color: stage.color,
  timeLimit: stage.time_limit_minutes === null ? '' : String(stage.time_limit_minutes),
  items: stage.checklist_template.map((item) => ({ ...item })),
})

/**
 * The body the stage routes take. A time limit that is not a number is sent as typed, so the
 * API's 422 names the field instead of the form guessing.
 */
export function stageBody(draft: StageDraft) {
  const typed = draft.timeLimit.trim()
  const minutes = typed === '' ? null : Number(typed)
  return {
    name: draft.name,
    color: draft.color,
    time_limit_minutes: (Number.isNaN(minutes) ? typed : minutes) as number | null,
    checklist_template: draft.items.map((item) => ({
      title: item.title,
      required: item.required,
    })),
  }
}

/** The funnel routes the editor calls, each a FormError (by field) or ApiError on refusal. */
export function editorApi(api: ApiClient, accountId: number) {
  const funnelPath = (id: number) => ({ path: { account_id: accountId, id } })
  const stagesPath = (funnelId: number) => ({
    path: { account_id: accountId, funnel_id: funnelId },
  })
  const stagePath = (funnelId: number, id: number) => ({
    path: { account_id: accountId, funnel_id: funnelId, id },
  })
  return {
    load: (id: number): Promise<Funnel> =>
      submit(api.GET('/api/v1/accounts/{account_id}/funnels/{id}', { params: funnelPath(id) })),
    create: (body: { name: string; description: string | null }): Promise<Funnel> =>
      submit(
        api.POST('/api/v1/accounts/{account_id}/funnels', {
          params: { path: { account_id: accountId } },
          body,
        }),
      ),
    update: (id: number, body: { name: string; description: string | null }): Promise<Funnel> =>
      submit(
        api.PATCH('/api/v1/accounts/{account_id}/funnels/{id}', { params: funnelPath(id), body }),
      ),
    remove: (id: number) =>
      submit(api.DELETE('/api/v1/accounts/{account_id}/funnels/{id}', { params: funnelPath(id) })),
    addStage: (funnelId: number, draft: StageDraft): Promise<FunnelStage> =>
      submit(
        api.POST('/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages', {
          params: stagesPath(funnelId),
          body: stageBody(draft),
        }),
      ),
    saveStage: (funnelId: number, id: number, draft: StageDraft): Promise<FunnelStage> =>
      submit(
        api.PATCH('/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages/{id}', {
          params: stagePath(funnelId, id),
          body: stageBody(draft),
        }),
      ),
    reorder: async (funnelId: number, stageIds: number[]): Promise<FunnelStage[]> => {
      const answer = await submit(
        api.POST('/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages/reorder', {
          params: stagesPath(funnelId),
          body: { stage_ids: stageIds },
        }),
      )
      return answer.payload
    },
    removeStage: (funnelId: number, id: number, moveTo: number | null) =>
      submit(
        api.DELETE('/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages/{id}', {
          params: {
            ...stagePath(funnelId, id),
            query: moveTo === null ? {} : { move_to: moveTo },
          },
        }),
      ),
  }
}

export type EditorApi = ReturnType<typeof editorApi>
