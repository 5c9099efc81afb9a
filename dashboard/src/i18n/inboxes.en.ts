/** The inbox settings pages: the list, adding an inbox, and one inbox's settings. */
export const inboxesEn = {
  title: 'Inboxes',
  description:
    'Where conversations come in: a chat widget on your website, or your own app via the API.',
  add: 'Add inbox',
  loading: 'Loading…',
  empty: 'No inboxes yet. Add one to start receiving conversations.',
  columns: { name: 'Name', channel: 'Channel', website: 'Website URL', members: 'Agents' },
  channel: { website: 'Website', api: 'API', email: 'Email', sms: 'SMS' } as Record<string, string>,

  newTitle: 'Add an inbox',
  newDescription: 'Choose how visitors reach you.',
  channelChoice: 'Channel',
  websiteChoice: 'Website',
  websiteChoiceHint: 'A chat widget on your site, added with one script tag.',
  apiChoice: 'API',
  apiChoiceHint: 'Your own app or chat UI talks to the public API.',
  emailChoice: 'Email',
  emailChoiceHint: 'Mail to your support address becomes conversations; replies go out as mail.',
  supportEmail: 'Support email address',
  supportEmailHint:
    'The address customers write to, e.g. support@example.com. Replies are sent from it.',
  name: 'Name',
  websiteUrl: 'Website URL',
  websiteUrlHint: 'The site the widget will be on, e.g. https://shop.example.com',
  webhookUrl: 'Webhook URL',
  webhookUrlHint:
    'Optional. Parley posts this inbox’s events here (Chatwoot’s API channel webhook).',
  create: 'Create inbox',
  creating: 'Creating…',
  created: 'Inbox {name} created.',

  embedHeading: 'Add the chat to your website',
  embedIntro:
    'Paste this before the closing </body> tag of every page that should show the chat. It loads a few kilobytes and the chat itself only when a visitor shows interest.',
  embedSnippet: 'Embed snippet',
  chatwootHeading: 'Moving from Chatwoot?',
  chatwootIntro:
    'Chatwoot’s snippet works too: only the script URL changes. window.chatwootSettings, window.$chatwoot and the chatwoot:* events behave as before.',
  chatwootSnippet: 'Chatwoot-style snippet',
  apiHeading: 'Connect your app',
  apiIntro:
    'Your app calls the public client API with this inbox identifier: create a contact, then its conversations and messages.',
  inboxIdentifier: 'Inbox identifier',
  apiExample: 'Example: create a contact',
  goToSettings: 'Open the settings of {name}',
  emailHeading: 'Receive and send mail',
  emailIntro: 'Mail sent to {email} reaches this inbox once it is forwarded to the address below.',
  forwardTo: 'Forwarding address',
  forwardToMissing:
    'This server has no inbound mail domain yet (INBOUND_EMAIL_DOMAIN), so it has no forwarding address to show. Set it, then come back here.',
  emailSteps: 'Set up Email Routing',
  emailStepForward:
    'In your mail provider, forward every mail sent to {email} to the forwarding address above.',
  emailStepCloudflare:
    'Or, if the domain of {email} is on Cloudflare: in Email Routing, add a rule that sends {email} to this Worker.',
  emailStepSending:
    'Replies go out from {email} through Cloudflare Email Service: onboard its domain for sending (Email Service, Domains), or replies will fail to send.',
  emailStepTest: 'Send a test mail to {email}: it appears as a new conversation in this inbox.',

  phoneChoice: 'SMS or WhatsApp (Twilio)',
  phoneChoiceHint: 'Texts to your Twilio number become conversations; replies go out as texts.',
  accountSid: 'Twilio Account SID',
  accountSidHint: 'From your Twilio console, starting with AC.',
  authToken: 'Twilio Auth Token',
  authTokenHint: 'Checked with Twilio now, then stored encrypted and never shown again.',
  phoneNumber: 'Phone number',
  phoneNumberHint: 'The Twilio number to send from, e.g. +15550001111.',
  messagingServiceSid: 'Messaging Service SID',
  messagingServiceSidHint: 'Or, instead of a number: your Messaging Service, starting with MG.',
  medium: 'Medium',
  mediumSms: 'SMS',
  mediumWhatsapp: 'WhatsApp',
  phoneHeading: 'Connect Twilio',
  phoneIntro:
    'Paste these two addresses into your Twilio console, in the number’s (or Messaging Service’s) messaging configuration, both as HTTP POST: the first where Twilio asks “A message comes in”.',
  incomingUrl: 'Incoming message URL',
  statusCallbackUrl: 'Status callback URL',
  phoneStepTest: 'Then text your Twilio number: the message appears as a new conversation here.',

  settingsTitle: 'Inbox: {name}',
  settingsFailed: 'This inbox could not be loaded.',
  backToList: 'Back to inboxes',
  widgetHeading: 'Widget',
  apiInboxHeading: 'Inbox',
  webhookSecret: 'Webhook secret',
  welcomeTitle: 'Welcome title',
  welcomeTagline: 'Welcome tagline',
  widgetColor: 'Widget colour',
  widgetColorHex: 'Widget colour (hex)',
  widgetColorHexHint: 'Six hex digits, e.g. #1f93ff',
  replyTime: 'Reply time',
  allowedDomains: 'Allowed domains',
  allowedDomainsHint:
    'Comma-separated host names, e.g. shop.example.com, www.example.com. Empty: any site may load the widget.',
  save: 'Save changes',
  saving: 'Saving…',
  saved: 'Saved.',

  hoursHeading: 'Business hours',
  hoursEnabled: 'Use business hours',
  hoursIntro:
    'Out of hours, the widget shows when the team is back instead of the reply time, and a visitor who writes gets the out-of-office message, once per conversation. Hours are read in the time zone below, daylight saving included.',
  outOfOfficeHint: 'Sent to visitors who write while you are closed. Empty: nothing is sent.',
  timezone: 'Time zone',
  outOfOffice: 'Out-of-office message',
  days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  day: 'Day',
  closed: 'Closed',
  closedOn: 'Closed on {day}',
  opens: 'Opens',
  closes: 'Closes',
  opensOn: '{day} opens at',
  closesOn: '{day} closes at',

  prechatHeading: 'Pre-chat form',
  prechatEnabled: 'Ask visitors about themselves before the chat starts',
  prechatMessage: 'Pre-chat message',
  prechatField: 'Field',
  prechatAsk: 'Ask',
  prechatRequired: 'Required',
  askFor: 'Ask for {field}',
  requireField: '{field} is required',
  standardFields: {
    emailAddress: 'Email',
    fullName: 'Name',
    phoneNumber: 'Phone number',
  } as Record<string, string>,

  previewHeading: 'Preview',
  previewIntro: 'How visitors will see the widget, as you edit (before saving).',
  previewLauncher: 'Chat launcher',
  previewMessage: 'Type your message…',
  previewStart: 'Start conversation',

  automaticHeading: 'Automatic messages',
  automaticSave: 'Save automatic messages',
  greetingHeading: 'Greeting',
  greetingEnabled: 'Send a greeting when a conversation starts',
  greetingHint:
    'The greeting is the first message of every new conversation in this inbox, shown to the visitor at once.',
  greetingMessage: 'Greeting message',
  emailCollectHeading: 'Email collection',
  emailCollectEnabled: 'Ask visitors without an email for one',
  emailCollectHint:
    'A visitor with no email who gets no answer for a short while is asked for one in the chat. Their answer is saved on the contact. Email collection sends replies by email only when continuity is on.',
  previewEmailPrompt: 'Get notified by email',
  previewBackAt: 'We’re back {day} at {time}',
  previewAway: 'We’re away right now',

  conversationsHeading: 'Conversations',
  conversationsIntro: 'What happens to conversations in this inbox. Each switch is saved at once.',
  settingSaved: 'Setting saved.',
  csatEnabled: 'Ask for a rating (CSAT) when a conversation is resolved',
  csatHint:
    'Resolving a conversation sends a 1–5 rating with a comment, once per conversation. Answers appear in Reports.',
  csatEmailHint:
    'Resolving a conversation sends a link to a rating page, once per conversation. CSAT on email inboxes sends a link to a rating page because mail cannot carry the rating itself. Answers appear in Reports.',
  autoAssignEnabled: 'Assign new conversations automatically',
  autoAssignHint:
    'New conversations go to this inbox’s agents in turn. Auto-assignment only assigns agents who are online and under their capacity; when none is, the conversation waits in Unassigned.',
  autoAssignCapacity: 'Capacity per agent is set in Settings → Capacity.',
  autoAssignCapacityLink: 'Set each agent’s capacity',
  afterResolvedEnabled: 'Reopen a resolved conversation when the visitor writes again',
  afterResolvedHint:
    'When off, a visitor who writes to a resolved conversation starts a new one, and the widget tells them so; the old one stays resolved.',
  singleConversationEnabled: 'Keep one conversation per contact',
  singleConversationHint:
    'A contact who starts a conversation again gets their latest one back instead of a new one.',
  botHeading: 'Agent bot',
  botIntro:
    'A bot answers first: conversations start pending and the bot receives their events at its URL, until it hands over to your agents.',
  botLabel: 'Bot that answers first',
  botNone: 'No bot',
  botSaved: 'Agent bot saved.',
  noBots:
    'This account has no agent bots yet. Create one through the API (POST /api/v1/accounts/…/agent_bots).',

  continuityHeading: 'Conversation continuity',
  continuityLabel: 'Email replies to visitors who have left',
  continuityHint:
    "When a visitor who gave their email is no longer on the page, agents' replies reach them by email a couple of minutes later, several replies as one mail. Their answer by email comes back into the same conversation.",
  continuitySaved: 'Conversation continuity saved.',
  identityHeading: 'Identity verification',
  identityIntro:
    'When your site knows who the visitor is, it passes their identifier to setUser with an identifier_hash: the HMAC-SHA256 of the identifier, keyed with this inbox’s secret. Compute it on your server, never in the browser, so nobody can pose as another user.',
  hmacToken: 'HMAC token',
  hmacMissing: 'Only administrators can see this inbox’s secret.',
  enforce: 'Enforce user identity validation',
  enforceHint:
    'When on, an identifier is only accepted with its identifier_hash: setUser (or a contact made through the API) without one is refused. A wrong hash is refused either way.',
  nodeExample: 'Node.js',
  rubyExample: 'Ruby',
  phpExample: 'PHP',
  setUserExample: 'In the page',
  identitySaved: 'Identity validation saved.',

  membersHeading: 'Agents',
  membersIntro: 'Agents see and answer this inbox’s conversations. Administrators see every inbox.',
  membersLegend: 'Agents in this inbox',
  saveMembers: 'Save agents',
  membersSaved: 'Agents saved.',
  noAgents: 'This account has no agents yet.',

  deleteHeading: 'Delete this inbox',
  deleteIntro: 'Deleting an inbox deletes its conversations too. It cannot be undone.',
  delete: 'Delete inbox {name}',
  deleteQuestion: 'Delete it and all its conversations?',
  deleteConfirm: 'Delete',
}
export type InboxesStrings = typeof inboxesEn
