/** Examples of the users schemas, in Chatwoot's shapes, for /openapi.json. */

export const AccountUserExample = {
  id: 1,
  account_id: 1,
  user_id: 1,
  role: 'administrator',
  inviter_id: null,
  created_at: '2026-11-23T10:15:00.000Z',
  updated_at: '2026-11-23T10:15:00.000Z',
  active_at: '2026-11-23T10:15:00.000Z',
  availability: 'online',
  auto_offline: false,
}

export const AccountUserInputExample = {
  user_id: 1,
  role: 'administrator',
}

export const AccountUserDeleteExample = {
  user_id: 1,
}

export const PlatformUserExample = {
  access_token: 'Tq3fW8xK2mN9pL4rV7sY1zB6',
  account_id: 1,
  available_name: 'Jane Doe',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  confirmed: true,
  display_name: 'Jane',
  message_signature: 'Jane, Example Support',
  email: 'jane@example.com',
  id: 1,
  inviter_id: null,
  name: 'Jane Doe',
  provider: 'email',
  pubsub_token: 'kHx2Wq9mT3vL8pN4rS6uY1zB',
  custom_attributes: {
    plan: 'pro',
  },
  role: 'administrator',
  ui_settings: {},
  uid: 'jane@example.com',
  type: 'user',
  accounts: [
    {
      id: 1,
      name: 'Jane Doe',
      active_at: '2026-11-23T10:15:00.000Z',
      role: 'administrator',
    },
  ],
}

export const PlatformUserInputExample = {
  name: 'Jane Doe',
  display_name: 'Jane',
  email: 'jane@example.com',
  custom_attributes: {
    plan: 'pro',
  },
}

export const PlatformUserUpdateExample = {
  name: 'Jane Doe',
  display_name: 'Jane',
  email: 'jane@example.com',
  custom_attributes: {
    plan: 'pro',
  },
}

export const UserTokenExample = {
  access_token: 'Tq3fW8xK2mN9pL4rV7sY1zB6',
  expiry: null,
  user: {
    id: 1,
    name: 'Jane Doe',
    display_name: 'Jane',
    email: 'jane@example.com',
    pubsub_token: 'kHx2Wq9mT3vL8pN4rS6uY1zB',
  },
}

export const ProfileExample = {
  access_token: 'Tq3fW8xK2mN9pL4rV7sY1zB6',
  account_id: 1,
  available_name: 'Jane Doe',
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  confirmed: true,
  display_name: 'Jane',
  message_signature: 'Jane, Example Support',
  email: 'jane@example.com',
  id: 1,
  inviter_id: null,
  name: 'Jane Doe',
  provider: 'email',
  pubsub_token: 'kHx2Wq9mT3vL8pN4rS6uY1zB',
  custom_attributes: {
    plan: 'pro',
  },
  role: 'administrator',
  ui_settings: {},
  uid: 'jane@example.com',
  type: 'user',
  accounts: [
    {
      id: 1,
      name: 'Acme Inc',
      status: 'active',
      active_at: '2026-11-23T10:15:00.000Z',
      role: 'administrator',
      permissions: ['administrator'],
      availability: 'online',
      availability_status: 'online',
      auto_offline: false,
    },
  ],
}

export const ProfileUpdateExample = {
  name: 'Jane Doe',
  display_name: 'Jane',
  message_signature: 'Jane, Example Support',
  ui_settings: {},
}

export const AvailabilityInputExample = {
  account_id: 1,
  availability: 'online',
}
