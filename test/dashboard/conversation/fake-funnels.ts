import type {
  ChecklistItem,
  Funnel,
  FunnelStage,
  FunnelStagePlacement,
} from '../../../dashboard/src/api/schema'
import type { Call } from './fake-server'

type Answer = { status?: number; body: unknown } | undefined

const ACCOUNT = 1
const DISPLAY_ID = 7

export function funnelStage(
  id: number,
  name: string,
  position: number,
  template: { title: string; required: boolean }[] = [],
): FunnelStage {
  return {
    id,
    funnel_id: 1,
    name,
    color: '#1f93ff',
    position,
    time_limit_minutes: null,
    checklist_template: template,
    created_at: 1_763_000_000,
    updated_at: 1_763_000_000,
  }
}

/** "Sales": Lead, Qualified (with a required item), Won. */
export function salesFunnel(): Funnel {
  return {
    id: 1,
    account_id: ACCOUNT,
    name: 'Sales',
    description: null,
    stages: [
      funnelStage(11, 'Lead', 0, [{ title: 'Budget known', required: true }]),
      funnelStage(12, 'Qualified', 1, [{ title: 'Decision maker named', required: false }]),
      funnelStage(13, 'Won', 2),
    ],
    created_at: 1_763_000_000,
    updated_at: 1_763_000_000,
  }
}

/**
 * The funnel routes of conversation 7 as the worker answers them: placing copies the stage's
 * checklist template; moving forward past an unchecked required item is a 422
 * (required_item_open). No funnels by default, so the pane's other tests see no panel.
 */
export class FakeFunnels {
  funnels: Funnel[] = []
  placements: FunnelStagePlacement[] = []
  checklist: ChecklistItem[] = []
  private nextItem = 500

  route(call: Call): Answer {
    const base = `/api/v1/accounts/${ACCOUNT}`
    const one = `${base}/conversations/${DISPLAY_ID}`
    const { method, path } = call
    if (method === 'GET' && path === `${base}/funnels`) return { body: { payload: this.funnels } }
    if (method === 'GET' && path === `${one}/funnel_stages`)
      return { body: { payload: this.placements } }
    if (method === 'GET' && path === `${one}/checklist`) {
      const current = new Set(this.placements.map((p) => p.stage_id))
      return { body: { payload: this.checklist.filter((item) => current.has(item.stage_id)) } }
    }
    if (method === 'POST' && path === `${one}/funnel_stage`) {
      const input = call.body as { funnel_id: number; stage_id: number }
      return this.place(input.funnel_id, input.stage_id)
    }
    const item = path.match(new RegExp(`^${one}/checklist/(\\d+)$`))
    if (method === 'PATCH' && item) {
      const id = Number(item[1])
      const { checked } = call.body as { checked: boolean }
      this.checklist = this.checklist.map((it) =>
        it.id === id ? { ...it, checked, checked_at: checked ? 1_763_000_100 : null } : it,
      )
      return { body: this.checklist.find((it) => it.id === id) }
    }
    return undefined
  }

  /** Puts conversation 7 in a stage, as the API's place/move does. */
  place(funnelId: number, stageId: number): Answer {
    const funnel = this.funnels.find((f) => f.id === funnelId)
    const stage = funnel?.stages.find((s) => s.id === stageId)
    if (!funnel || !stage)
      return { status: 404, body: { error: 'not_found', message: 'Not found' } }
    const current = this.placements.find((p) => p.funnel_id === funnelId)
    const open = this.checklist.filter(
      (it) => it.stage_id === current?.stage_id && it.required && !it.checked,
    )
    if (current && stage.position > current.stage.position && open.length > 0) {
      return {
        status: 422,
        body: {
          error: 'validation_failed',
          message: open.map((it) => `checklist.${it.id} "${it.title}" is required`).join(', '),
          errors: open.map((it) => ({
            field: `checklist.${it.id}`,
            message: `"${it.title}" is required and unchecked`,
            code: 'required_item_open',
          })),
        },
      }
    }
    const placement: FunnelStagePlacement = {
      id: stageId * 10,
      conversation_id: DISPLAY_ID,
      funnel_id: funnelId,
      stage_id: stageId,
      funnel: { id: funnelId, name: funnel.name },
      stage: {
        id: stage.id,
        name: stage.name,
        color: stage.color,
        position: stage.position,
        time_limit_minutes: stage.time_limit_minutes,
      },
      entered_at: 1_763_000_000,
      time_in_stage_seconds: 3_900,
      time_limit_exceeded: false,
      alerted_at: null,
    }
    this.placements = [...this.placements.filter((p) => p.funnel_id !== funnelId), placement]
    this.checklist = [
      ...this.checklist.filter((it) => it.stage_id !== stageId),
      ...stage.checklist_template.map((template, position) => ({
        id: this.nextItem++,
        conversation_id: DISPLAY_ID,
        stage_id: stageId,
        title: template.title,
        required: template.required,
        position,
        checked: false,
        checked_at: null,
        checked_by: null,
        created_at: 1_763_000_000,
        updated_at: 1_763_000_000,
      })),
    ]
    return { body: placement }
  }
}
