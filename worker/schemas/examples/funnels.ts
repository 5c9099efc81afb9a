/** Examples of the funnels schemas, in Chatwoot's shapes, for /openapi.json. */

export const StageInputExample = {
  name: 'Qualified',
  color: '#1f93ff',
  position: 1,
  time_limit_minutes: 1,
  checklist_template: [
    {
      title: 'Send the quote',
      required: false,
    },
  ],
}

export const FunnelStageExample = {
  id: 4,
  funnel_id: 1,
  ...StageInputExample,
  created_at: 1763892900,
  updated_at: 1763892900,
}

export const FunnelExample = {
  id: 1,
  account_id: 1,
  name: 'Sales pipeline',
  description: 'Handles billing questions',
  stages: [FunnelStageExample],
  created_at: 1763892900,
  updated_at: 1763892900,
}

export const FunnelInputExample = {
  name: 'Jane Doe',
  description: 'Handles billing questions',
}

export const FunnelUpdateExample = FunnelInputExample

export const StageReorderExample = {
  stage_ids: [4],
}

export const StageUpdateExample = StageInputExample

export const FunnelStagePlacementInputExample = {
  funnel_id: 1,
  stage_id: 4,
  force: false,
}

export const ChecklistItemInputExample = {
  stage_id: 4,
  title: 'Send the quote',
  required: false,
}

export const ChecklistItemUpdateExample = {
  title: 'Send the quote',
  required: false,
  checked: false,
}
