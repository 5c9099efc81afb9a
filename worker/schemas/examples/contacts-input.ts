/** Examples of the contacts-input schemas, in Chatwoot's shapes, for /openapi.json. */

export const ContactCreateExample = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone_number: '+14155550123',
  identifier: 'customer-4821',
  blocked: false,
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  additional_attributes: {},
  custom_attributes: {
    plan: 'pro',
  },
  inbox_id: 1,
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
}

export const ContactFormExample = {
  avatar: 'avatar',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone_number: '+14155550123',
  identifier: 'customer-4821',
  blocked: 'true',
  additional_attributes: 'additional attributes',
  custom_attributes: 'custom attributes',
  inbox_id: 'inbox id',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
}

export const ContactUpdateExample = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone_number: '+14155550123',
  identifier: 'customer-4821',
  blocked: false,
  avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
  additional_attributes: {},
  custom_attributes: {
    plan: 'pro',
  },
}

export const ContactLabelsInputExample = {
  labels: ['billing'],
}

export const DestroyCustomAttributesExample = {
  custom_attributes: ['custom attribute'],
}

export const ContactInboxInputExample = {
  inbox_id: 1,
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
}
