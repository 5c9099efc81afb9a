import { vi } from 'vitest'
import type { Funnel, FunnelStage } from '../../../../dashboard/src/api/schema'
import { FunnelEditor } from '../../../../dashboard/src/funnels/editor/FunnelEditor'
import { accountServices, type Call, recordingApi, renderWith } from '../../workspace-harness'

const base = '/api/v1/accounts/1/funnels'

export function stage(id: number, name: string, fields: Partial<FunnelStage> = {}): FunnelStage {
  return {
    id,
    funnel_id: 9,
    name,
    color: '#1f93ff',
    position: id - 1,
    time_limit_minutes: null,
    checklist_template: [],
    created_at: 1_763_000_000,
    updated_at: 1_763_000_000,
    ...fields,
  }
}

export function funnel(stages: FunnelStage[] = [], fields: Partial<Funnel> = {}): Funnel {
  return {
    id: 9,
    account_id: 1,
    name: 'Sales',
    description: null,
    stages,
    created_at: 1_763_000_000,
    updated_at: 1_763_000_000,
    ...fields,
  }
}

export const refusal = (field: string, message: string) =>
  Response.json(
    {
      error: 'validation_failed',
      message: `${field} ${message}`,
      errors: [{ field, message, code: 'invalid' }],
    },
    { status: 422 },
  )

/**
 * The funnel routes as the worker answers them, over one funnel (id 9) held in memory; `refuse`
 * answers a call first when it returns a Response.
 */
export function fakeFunnelApi(
  start: Funnel | null,
  refuse: (call: Call) => Response | undefined = () => undefined,
) {
  let current = start
  let nextStage = 100
  const { api, calls } = recordingApi((call) => {
    const refused = refuse(call)
    if (refused) return refused
    const { method, path, body } = call
    if (method === 'POST' && path === base) {
      current = funnel([], { name: body.name, description: body.description })
      return Response.json(current)
    }
    if (!current || !path.startsWith(`${base}/${current.id}`)) return undefined
    const rest = path.slice(`${base}/${current.id}`.length)
    if (method === 'GET' && rest === '') return Response.json(current)
    if (method === 'PATCH' && rest === '') {
      current = { ...current, ...body }
      return Response.json(current)
    }
    if (method === 'DELETE' && rest === '') return Response.json({})
    if (method === 'POST' && rest === '/stages') {
      const added = stage(nextStage++, body.name, {
        color: body.color,
        time_limit_minutes: body.time_limit_minutes,
        checklist_template: body.checklist_template,
        position: current.stages.length,
      })
      current = { ...current, stages: [...current.stages, added] }
      return Response.json(added)
    }
    if (method === 'POST' && rest === '/stages/reorder') {
      const ids = body.stage_ids as number[]
      const byId = new Map(current.stages.map((s) => [s.id, s]))
      const stages = ids.map((id, position) => ({ ...(byId.get(id) as FunnelStage), position }))
      current = { ...current, stages }
      return Response.json({ payload: stages })
    }
    const one = rest.match(/^\/stages\/(\d+)$/)
    if (one) {
      const id = Number(one[1])
      if (method === 'DELETE') {
        current = { ...current, stages: current.stages.filter((s) => s.id !== id) }
        return Response.json({})
      }
      if (method === 'PATCH') {
        const saved = { ...(current.stages.find((s) => s.id === id) as FunnelStage), ...body }
        current = { ...current, stages: current.stages.map((s) => (s.id === id ? saved : s)) }
        return Response.json(saved)
      }
    }
    return undefined
  })
  return {
    api,
    calls,
    callsTo: (method: string, end: string) =>
      calls.filter((c) => c.method === method && c.path === `${base}${end}`),
  }
}

/** The editor for `funnelId` against `api`, with onChanged recorded. */
export async function renderEditor(
  api: ReturnType<typeof fakeFunnelApi>['api'],
  funnelId: number | null,
) {
  const onChanged = vi.fn()
  const services = accountServices(api)
  const view = await renderWith(
    services,
    <FunnelEditor funnelId={funnelId} onChanged={onChanged} />,
  )
  return { ...view, onChanged, navigate: services.navigate }
}
