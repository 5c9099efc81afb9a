/** Examples of the agent-bots schemas, in Chatwoot's shapes, for /openapi.json. */

export const AgentBotExample = {
  id: 11,
  name: 'Triage bot',
  description: 'Handles billing questions',
  outgoing_url: 'https://bot.example.com/parley',
  account_id: 1,
  access_token: 'Tq3fW8xK2mN9pL4rV7sY1zB6',
}

export const AgentBotInputExample = {
  name: 'Triage bot',
  description: 'Handles billing questions',
  account_id: 1,
  outgoing_url: 'https://bot.example.com/parley',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
}

export const AgentBotUpdateExample = {
  name: 'Triage bot',
  description: 'Handles billing questions',
  account_id: 1,
  outgoing_url: 'https://bot.example.com/parley',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
}

export const PlatformAppExample = {
  id: 2,
  name: 'CRM sync',
  access_token: 'Tq3fW8xK2mN9pL4rV7sY1zB6',
}

export const PlatformAppInputExample = {
  name: 'CRM sync',
}
