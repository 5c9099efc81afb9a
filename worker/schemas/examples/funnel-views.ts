/** Examples of the funnel-views schemas, in Chatwoot's shapes, for /openapi.json. */

export const FunnelBoardExample = {
  funnel: {
    id: 1,
    name: 'Jane Doe',
    description: 'Handles billing questions',
  },
  stages: [
    {
      id: 1,
      name: 'Jane Doe',
      color: '#1f93ff',
      position: 1,
      time_limit_minutes: 1,
      count: 1,
      products_total: '59.97',
      conversations: [
        {
          id: 1,
          status: 'open',
          assignee_id: 1,
          inbox_id: 1,
          labels: ['billing'],
          last_activity_at: 1763892900,
          entered_at: 1763892900,
          time_in_stage_seconds: 1,
          contact: {
            id: 1,
            name: 'Jane Doe',
          },
          products_total: '59.97',
        },
      ],
      next_cursor: 'next cursor',
    },
  ],
}

export const BoardStageExample = {
  id: 1,
  name: 'Jane Doe',
  color: '#1f93ff',
  position: 1,
  time_limit_minutes: 1,
  count: 1,
  products_total: '59.97',
  conversations: [
    {
      id: 1,
      status: 'open',
      assignee_id: 1,
      inbox_id: 1,
      labels: ['billing'],
      last_activity_at: 1763892900,
      entered_at: 1763892900,
      time_in_stage_seconds: 1,
      contact: {
        id: 1,
        name: 'Jane Doe',
      },
      products_total: '59.97',
    },
  ],
  next_cursor: 'next cursor',
}

export const FunnelStagePlacementExample = {
  id: 1,
  conversation_id: 1,
  funnel_id: 1,
  stage_id: 1,
  funnel: {
    id: 1,
    name: 'Jane Doe',
  },
  stage: {
    id: 1,
    name: 'Jane Doe',
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
  id: 1,
  funnel_id: 1,
  from_stage: {
    id: 1,
    name: 'Jane Doe',
  },
  to_stage: {
    id: 1,
    name: 'Jane Doe',
  },
  actor: {
    id: 1,
    name: 'Jane Doe',
    type: 'type',
  },
  created_at: 1763892900,
}

export const ChecklistItemExample = {
  id: 1,
  conversation_id: 1,
  stage_id: 1,
  title: 'billing',
  required: false,
  position: 1,
  checked: false,
  checked_at: 1763892900,
  checked_by: {
    id: 1,
    name: 'Jane Doe',
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
