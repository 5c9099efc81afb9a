/** Examples of the accounts schemas, in Chatwoot's shapes, for /openapi.json. */

export const PlatformAccountExample = {
  id: 1,
  name: 'Jane Doe',
  locale: 'en',
  domain: 'support.example.com',
  support_email: 'support@example.com',
  features: {
    inbox_management: true,
  },
  custom_attributes: {
    plan: 'pro',
  },
  limits: {},
  status: 'active',
}

export const PlatformAccountInputExample = {
  name: 'Jane Doe',
  locale: 'en',
  domain: 'support.example.com',
  support_email: 'jane@example.com',
  status: 'active',
  features: {
    inbox_management: true,
  },
  limits: {},
  custom_attributes: {
    plan: 'pro',
  },
}

export const PlatformAccountUpdateExample = {
  name: 'Jane Doe',
  locale: 'en',
  domain: 'support.example.com',
  support_email: 'jane@example.com',
  status: 'active',
  features: {
    inbox_management: true,
  },
  limits: {},
  custom_attributes: {
    plan: 'pro',
  },
}

export const AccountDetailsExample = {
  settings: {},
  created_at: '2026-11-23T10:15:00.000Z',
  custom_attributes: {
    plan: 'pro',
  },
  domain: 'support.example.com',
  features: {
    inbox_management: true,
  },
  id: 1,
  locale: 'en',
  name: 'Jane Doe',
  support_email: 'support@example.com',
  status: 'active',
  cache_keys: {
    label: 1,
    inbox: 1,
    team: 1,
  },
  latest_chatwoot_version: '3.13.0',
}

export const AccountExample = {
  settings: {},
  created_at: '2026-11-23T10:15:00.000Z',
  custom_attributes: {
    plan: 'pro',
  },
  domain: 'support.example.com',
  features: {
    inbox_management: true,
  },
  id: 1,
  locale: 'en',
  name: 'Jane Doe',
  support_email: 'support@example.com',
  status: 'active',
  cache_keys: {
    label: 1,
    inbox: 1,
    team: 1,
  },
}

export const AccountUpdateExample = {
  name: 'Jane Doe',
  locale: 'en',
  domain: 'support.example.com',
  support_email: 'jane@example.com',
  industry: 'Retail',
  company_size: '11-50',
  timezone: 'UTC',
  auto_resolve_after: 10,
  auto_resolve_message: 'auto resolve message',
  auto_resolve_ignore_waiting: false,
  auto_resolve_label: 'auto resolve label',
  audio_transcriptions: false,
}
