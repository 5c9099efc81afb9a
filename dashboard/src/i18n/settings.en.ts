/** The settings area's frame: its navigation and what an agent is told there. */
export const settingsEn = {
  settingsNavigation: 'Settings',
  inboxes: 'Inboxes',
  agents: 'Agents',
  teams: 'Teams',
  labels: 'Labels',
  'custom-attributes': 'Custom attributes',
  'canned-responses': 'Canned responses',
  webhooks: 'Webhooks',
  capacity: 'Capacity',
  account: 'Account',
  administratorsOnlyTitle: 'Settings are for administrators',
  administratorsOnly:
    'Only an administrator of this account can change its settings. Ask one of them if something here needs changing.',
}
