/** Examples of the custom-attributes schemas, in Chatwoot's shapes, for /openapi.json. */

export const CustomAttributeDefinitionExample = {
  id: 6,
  attribute_display_name: 'Plan',
  attribute_display_type: 'text',
  attribute_description: 'The plan the customer pays for',
  attribute_key: 'plan',
  attribute_values: [],
  attribute_model: 'contact_attribute',
  regex_pattern: '^[a-z]+$',
  default_value: null,
  created_at: 1763892900,
  updated_at: 1763892900,
}

export const CustomAttributeDefinitionInputExample = {
  attribute_display_name: 'Plan',
  attribute_display_type: 'text',
  attribute_description: 'The plan the customer pays for',
  attribute_key: 'plan',
  attribute_model: 'contact_attribute',
  attribute_values: ['x'],
  regex_pattern: '^[a-z]+$',
}

export const CustomAttributeDefinitionUpdateExample = CustomAttributeDefinitionInputExample
