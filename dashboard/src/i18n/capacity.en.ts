/** Settings › Capacity: agent capacity policies, what each limit does to auto-assignment. */
export const capacityEn = {
  title: 'Capacity',
  description:
    'How many open conversations auto-assignment gives each agent. An agent with no room keeps no new conversations: they wait in Unassigned and go to the first agent with room, oldest first.',
  thing: 'Capacity policy',
  add: 'Add policy',
  empty: 'No capacity policies yet: agents take any number of conversations.',
  table: 'Capacity policies',
  newHeading: 'New capacity policy',
  editHeading: 'Edit capacity policy {name}',
  name: 'Name',
  nameHint: 'How this list calls the policy, such as "Day shift".',
  description_: 'Description',
  overall: 'Overall limit',
  overallHint:
    'The most open conversations an agent of this policy holds across all inboxes; leave it blank for no limit.',
  inboxLimits: 'Limit per inbox',
  inboxLimitsHint:
    'The most open conversations an agent of this policy holds in that inbox; blank for no limit there.',
  agents: 'Agents',
  agentsHint:
    'The agents this policy applies to; an agent has one policy at most, so choosing one here moves them from their other policy.',
  agentsColumn: 'Agents',
  noLimit: 'No limit',
  loadingOptions: 'Loading inboxes and agents\u2026',
}
