/** Examples of the accounts schemas, in Chatwoot's shapes, for /openapi.json. */

export const PlatformAccountExample = {
  id: 1,
  name: 'Acme Inc',
  locale: 'en',
  domain: null,
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
  name: 'Acme Inc',
  locale: 'en',
  domain: null,
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

export const PlatformAccountUpdateExample = PlatformAccountInputExample

export const AccountExample = {
  settings: {},
  created_at: '2026-11-23T10:15:00.000Z',
  custom_attributes: {
    plan: 'pro',
  },
  domain: null,
  features: {
    inbox_management: true,
  },
  id: 1,
  locale: 'en',
  name: 'Acme Inc',
  support_email: 'support@example.com',
  status: 'active',
  cache_keys: {
    label: 1,
    inbox: 1,
    team: 1,
  },
}

export const AccountDetailsExample = {
  ...AccountExample,
  latest_chatwoot_version: '3.13.0',
}

export const AccountUpdateExample = {
  name: 'Jane Doe',
  locale: 'en',
  domain: null,
  support_email: 'jane@example.com',
  industry: 'Retail',
  company_size: '11-50',
  timezone: 'UTC',
  auto_resolve_after: 10,
  auto_resolve_message: 'This conversation was resolved after a day without activity.',
  auto_resolve_ignore_waiting: false,
  auto_resolve_label: 'auto-resolved',
  audio_transcriptions: false,
}
