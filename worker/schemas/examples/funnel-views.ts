/** Examples of the funnel-views schemas, in Chatwoot's shapes, for /openapi.json. */

export const BoardStageExample = {
  id: 4,
  name: 'Qualified',
  color: '#1f93ff',
  position: 1,
  time_limit_minutes: 1,
  count: 1,
  products_total: '59.97',
  conversations: [
    {
      id: 4,
      status: 'open',
      assignee_id: 1,
      inbox_id: 3,
      labels: ['billing'],
      last_activity_at: 1763892900,
      entered_at: 1763892900,
      time_in_stage_seconds: 1,
      contact: {
        id: 4,
        name: 'Qualified',
      },
      products_total: '59.97',
    },
  ],
  next_cursor: 'eyJpZCI6NDJ9',
}

export const FunnelBoardExample = {
  funnel: {
    id: 1,
    name: 'Sales pipeline',
    description: 'Handles billing questions',
  },
  stages: [BoardStageExample],
}

export const FunnelStagePlacementExample = {
  id: 4,
  conversation_id: 42,
  funnel_id: 1,
  stage_id: 4,
  funnel: {
    id: 4,
    name: 'Qualified',
  },
  stage: {
    id: 4,
    name: 'Qualified',
    color: '#1f93ff',
    position: 1,
    time_limit_minutes: 1,
  },
  entered_at: 1763892900,
  time_in_stage_seconds: 1,
  time_limit_exceeded: false,
  alerted_at: 1763892900,
}

export const StageTransitionExample = {
  id: 4,
  funnel_id: 1,
  from_stage: {
    id: 3,
    name: 'New',
  },
  to_stage: {
    id: 4,
    name: 'Qualified',
  },
  actor: {
    id: 1,
    name: 'Jane Doe',
    type: 'User',
  },
  created_at: 1763892900,
}

export const ChecklistItemExample = {
  id: 9,
  conversation_id: 42,
  stage_id: 4,
  title: 'Send the quote',
  required: false,
  position: 1,
  checked: false,
  checked_at: 1763892900,
  checked_by: {
    id: 9,
    name: 'Send the quote',
  },
  created_at: 1763892900,
  updated_at: 1763892900,
}

export const StopwatchExample = {
  running: false,
  accumulated_seconds: 1,
  elapsed_seconds: 1,
  running_since: 1,
  started_by: {
    id: 1,
    name: 'Jane Doe',
  },
  updated_by: {
    id: 1,
    name: 'Jane Doe',
  },
  updated_at: 1763892900,
}
