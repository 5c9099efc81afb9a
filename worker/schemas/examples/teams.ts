/** Examples of the teams schemas, in Chatwoot's shapes, for /openapi.json. */

export const TeamExample = {
  id: 1,
  name: 'Jane Doe',
  description: 'Handles billing questions',
  allow_auto_assign: true,
  account_id: 1,
  is_member: true,
}

export const TeamInputExample = {
  name: 'Jane Doe',
  description: 'Handles billing questions',
  allow_auto_assign: true,
}

export const TeamUpdateExample = {
  name: 'Jane Doe',
  description: 'Handles billing questions',
  allow_auto_assign: true,
}
