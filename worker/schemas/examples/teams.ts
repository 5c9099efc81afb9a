/** Examples of the teams schemas, in Chatwoot's shapes, for /openapi.json. */

export const TeamInputExample = {
  name: 'sales',
  description: 'Handles billing questions',
  allow_auto_assign: true,
}

export const TeamUpdateExample = TeamInputExample

/** A team as a conversation's meta shows it. */
export const ConversationTeamExample = {
  id: 2,
  ...TeamInputExample,
  account_id: 1,
}

export const TeamExample = {
  ...ConversationTeamExample,
  is_member: true,
}
