/** Examples of the agents schemas, in Chatwoot's shapes, for /openapi.json. */

export const UserPushDataExample = {
  id: 1,
  name: 'Jane Doe',
  available_name: 'Jane Doe',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  type: 'user',
  availability_status: 'online',
  thumbnail: '',
}

export const AgentExample = {
  id: 1,
  account_id: 1,
  availability_status: 'online',
  auto_offline: false,
  confirmed: true,
  email: 'jane@example.com',
  provider: 'email',
  available_name: 'Jane Doe',
  custom_attributes: {
    plan: 'pro',
  },
  name: 'Jane Doe',
  role: 'administrator',
  thumbnail: '',
}

export const AgentPayloadExample = {
  payload: [AgentExample],
}

export const InboxMembersInputExample = {
  inbox_id: 3,
  user_ids: [1, 2],
}

export const InboxMembersReplaceExample = InboxMembersInputExample

export const InboxMembersRemoveExample = {
  user_ids: [1, 2],
}

export const AgentInputExample = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  role: 'administrator',
  availability: 'online',
  auto_offline: false,
}

export const AgentUpdateExample = {
  name: 'Jane Doe',
  role: 'administrator',
  availability: 'online',
  auto_offline: false,
}

export const TeamMembersInputExample = {
  user_ids: [1, 2],
}

export const TeamMembersReplaceExample = TeamMembersInputExample

export const InvitationLinkExample = {
  invitation_url:
    'https://parley.example.com/app/auth/password/edit?reset_password_token=q3fW8xK2mN9pL4rV7sY1zB6Tq3fW8xK2mN9pL4rV7sY',
  expires_at: '2026-01-08T09:30:00.000Z',
}

export const ResetLinkExample = {
  reset_url:
    'https://parley.example.com/app/auth/password/edit?reset_password_token=q3fW8xK2mN9pL4rV7sY1zB6Tq3fW8xK2mN9pL4rV7sY',
  expires_at: '2026-01-02T09:30:00.000Z',
}
