/** The Teams, Labels, Custom attributes, Canned responses and Account settings pages. */
export const crudEn = {
  actions: 'Actions',
  edit: 'Edit {name}',
  delete: 'Delete {name}',
  deleteQuestion: 'Delete it for everyone?',
  confirmDelete: 'Delete',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  loading: 'Loading…',
  created: '{thing} created.',
  updated: '{thing} saved.',
  deleted: '{thing} deleted.',
  yes: 'Yes',
  no: 'No',
}

export const teamsEn = {
  title: 'Teams',
  description:
    'Teams group agents who handle the same kind of conversation; a conversation can be assigned to a team, and its members see it.',
  thing: 'Team',
  add: 'Add team',
  empty: 'No teams yet. Add one with "Add team", then choose its members.',
  table: 'Teams',
  newHeading: 'New team',
  editHeading: 'Edit team {name}',
  name: 'Name',
  nameHint: 'Stored in lower case; unique in the account.',
  description_: 'Description',
  allowAutoAssign: 'Allow auto assign',
  allowAutoAssignHint:
    'New conversations for the team are shared among its members who are online.',
  members: 'Members',
  manageMembers: 'Members of {name}',
  membersHeading: 'Members of {name}',
  membersHint: 'Tick the agents who belong to this team.',
  noAgents: 'This account has no agents yet. Add agents first, then put them in teams.',
  saveMembers: 'Save members',
  membersSaved: 'Members of {name} saved.',
  close: 'Close',
}

export const labelsEn = {
  title: 'Labels',
  description:
    'Labels tag conversations and contacts by topic (billing, vip …) so they can be filtered and reported on.',
  thing: 'Label',
  add: 'Add label',
  empty: 'No labels yet. Add one with "Add label".',
  table: 'Labels',
  newHeading: 'New label',
  editHeading: 'Edit label {name}',
  colour: 'Colour',
  titleField: 'Title',
  titleHint: 'Letters, digits, "-" and "_" only; stored in lower case.',
  description_: 'Description',
  showOnSidebar: 'Show on sidebar',
}

export const attributesEn = {
  title: 'Custom attributes',
  description:
    'Custom attributes are extra fields kept on conversations or contacts (a plan, an order number …), filled by agents or through the API.',
  thing: 'Attribute',
  add: 'Add attribute',
  appliesTo: 'Attributes of',
  conversation_attribute: 'Conversations',
  contact_attribute: 'Contacts',
  empty: 'No attributes of this kind yet. Add one with "Add attribute".',
  table: 'Custom attributes',
  newHeading: 'New attribute',
  editHeading: 'Edit attribute {name}',
  displayName: 'Display name',
  key: 'Key',
  keyHint: 'How the API names it: lower case letters, digits and _.',
  type: 'Type',
  values: 'List values',
  valuesHint: 'One value a line.',
  description_: 'Description',
  types: {
    text: 'Text',
    number: 'Number',
    currency: 'Currency',
    percent: 'Percent',
    link: 'Link',
    date: 'Date',
    list: 'List',
    checkbox: 'Checkbox',
  },
}

export const cannedEn = {
  title: 'Canned responses',
  description:
    'Canned responses are saved replies: type "/" and the short code in a reply to insert the content.',
  thing: 'Canned response',
  add: 'Add canned response',
  search: 'Search canned responses',
  empty: 'No canned responses yet. Add one with "Add canned response".',
  noMatch: 'No canned response matches "{search}".',
  table: 'Canned responses',
  newHeading: 'New canned response',
  editHeading: 'Edit canned response {name}',
  shortCode: 'Short code',
  shortCodeHint: 'One word, no spaces; unique in the account.',
  content: 'Content',
}

export const accountEn = {
  title: 'Account',
  description: "The account's name, language and when idle conversations are resolved.",
  name: 'Account name',
  locale: 'Language',
  autoResolve: 'Resolve conversations after this many days without activity',
  autoResolveHint: 'Leave empty to never resolve them automatically. Up to 999 days.',
  assignOnReply: 'Assign an unassigned conversation to the agent who replies',
  assignOnReplyHint:
    'Private notes never assign. Turn off to keep replies from taking conversations.',
  autoResolveInvalid: 'Enter a whole number of days from 1 to 999, or leave it empty.',
  currency: 'Currency',
  currencyHint: 'Funnel totals and values are shown in this currency.',
  accountId: 'Account id',
  accountIdHint: 'API clients name the account by this id: /api/v1/accounts/{id}/…',
  save: 'Save',
  saved: 'Account settings saved.',
  loading: 'Loading…',
}
