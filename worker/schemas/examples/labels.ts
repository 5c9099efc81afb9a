/** Examples of the labels schemas, in Chatwoot's shapes, for /openapi.json. */

export const LabelInputExample = {
  title: 'billing',
  description: 'Handles billing questions',
  color: '#1f93ff',
  show_on_sidebar: true,
}

export const LabelUpdateExample = LabelInputExample

export const LabelExample = {
  id: 5,
  ...LabelInputExample,
}
