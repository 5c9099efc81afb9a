/** Examples of the teams schemas, in Chatwoot's shapes, for /openapi.json. */

export const TeamExample = {
  id: 2,
  name: 'sales',
  description: 'Handles billing questions',
  allow_auto_assign: true,
  account_id: 1,
  is_member: true,
}

export const TeamInputExample = {
  name: 'sales',
  description: 'Handles billing questions',
  allow_auto_assign: true,
}

export const TeamUpdateExample = {
  name: 'sales',
  description: 'Handles billing questions',
  allow_auto_assign: true,
}
