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

export const ContactListExample = {
  meta: {
    count: 1,
    current_page: 1,
  },
  payload: [
    {
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
      contact_inboxes: [
        {
          source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
          inbox: {
            id: 3,
            avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
            channel_id: 3,
            name: 'Website',
            channel_type: 'Channel::WebWidget',
            provider: null,
          },
        },
      ],
    },
  ],
}

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
  contact_inboxes: [
    {
      source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
      inbox: {
        id: 3,
        avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
        channel_id: 3,
        name: 'Website',
        channel_type: 'Channel::WebWidget',
        provider: null,
      },
    },
  ],
}

export const ContactInboxExample = {
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  inbox: {
    id: 3,
    avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
    channel_id: 3,
    name: 'Website',
    channel_type: 'Channel::WebWidget',
    provider: null,
  },
}

export const InboxSlimExample = {
  id: 3,
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  channel_id: 3,
  name: 'Website',
  channel_type: 'Channel::WebWidget',
  provider: null,
}

export const ContactSearchResultExample = {
  meta: {
    count: 1,
    current_page: 1,
    has_more: false,
  },
  payload: [
    {
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
      contact_inboxes: [
        {
          source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
          inbox: {
            id: 3,
            avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
            channel_id: 3,
            name: 'Website',
            channel_type: 'Channel::WebWidget',
            provider: null,
          },
        },
      ],
    },
  ],
}

export const ContactCreatedExample = {
  payload: {
    contact: {
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
      contact_inboxes: [
        {
          source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
          inbox: {
            id: 3,
            avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
            channel_id: 3,
            name: 'Website',
            channel_type: 'Channel::WebWidget',
            provider: null,
          },
        },
      ],
    },
    contact_inbox: {
      source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
      inbox: {
        id: 3,
        avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
        channel_id: 3,
        name: 'Website',
        channel_type: 'Channel::WebWidget',
        provider: null,
      },
    },
  },
}

export const ContactInboxRefExample = {
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  inbox: {
    id: 3,
    avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
    channel_id: 3,
    name: 'Website',
    channel_type: 'Channel::WebWidget',
    provider: null,
  },
}

export const ContactPayloadExample = {
  payload: {
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
    contact_inboxes: [
      {
        source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
        inbox: {
          id: 3,
          avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
          channel_id: 3,
          name: 'Website',
          channel_type: 'Channel::WebWidget',
          provider: null,
        },
      },
    ],
  },
}
