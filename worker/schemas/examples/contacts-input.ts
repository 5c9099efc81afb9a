/** Examples of the contacts-input schemas, in Chatwoot's shapes, for /openapi.json. */

export const ContactUpdateExample = {
  name: 'Alex Carter',
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

export const ContactCreateExample = {
  ...ContactUpdateExample,
  inbox_id: 3,
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
}

export const ContactFormExample = {
  avatar: '(binary)',
  name: 'Alex Carter',
  email: 'alex@example.com',
  phone_number: '+14155550123',
  identifier: 'customer-4821',
  blocked: 'false',
  additional_attributes: '{"company_name":"Acme"}',
  custom_attributes: '{"plan":"pro"}',
  inbox_id: '3',
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
}

export const ContactLabelsInputExample = {
  labels: ['billing'],
}

export const DestroyCustomAttributesExample = {
  custom_attributes: ['plan'],
}

export const ContactInboxInputExample = {
  inbox_id: 3,
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
}

export const ContactMergeExample = {
  base_contact_id: 18,
  mergee_contact_id: 27,
}
