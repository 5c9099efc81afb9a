/** Examples of the contacts schemas, in Chatwoot's shapes, for /openapi.json. */

export const ContactPushDataExample = {
  additional_attributes: {},
  custom_attributes: {
    plan: 'pro',
  },
  email: 'alex@example.com',
  id: 12,
  identifier: 'customer-4821',
  name: 'Alex Carter',
  phone_number: '+14155550123',
  thumbnail: '',
  blocked: false,
  type: 'contact',
}

export const InboxSlimExample = {
  id: 3,
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  channel_id: 3,
  name: 'Website',
  channel_type: 'Channel::WebWidget',
  provider: null,
}

export const ContactInboxExample = {
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  inbox: InboxSlimExample,
}

export const ContactInboxRefExample = ContactInboxExample

export const ContactExample = {
  additional_attributes: {},
  availability_status: 'online',
  email: 'alex@example.com',
  id: 12,
  name: 'Alex Carter',
  phone_number: '+14155550123',
  blocked: false,
  identifier: 'customer-4821',
  thumbnail: '',
  custom_attributes: {
    plan: 'pro',
  },
  last_activity_at: 1763892900,
  created_at: 1763892900,
  contact_inboxes: [ContactInboxExample],
}

export const ContactListExample = {
  meta: {
    count: 1,
    current_page: 1,
  },
  payload: [ContactExample],
}

export const ContactSearchResultExample = {
  meta: {
    count: 1,
    current_page: 1,
    has_more: false,
  },
  payload: [ContactExample],
}

export const ContactCreatedExample = {
  payload: {
    contact: ContactExample,
    contact_inbox: ContactInboxExample,
  },
}

export const ContactPayloadExample = {
  payload: ContactExample,
}
