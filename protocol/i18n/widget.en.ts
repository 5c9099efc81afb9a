// The widget's English, the language the others translate (widget/src/i18n/*.ts take their
// `Strings` type from it). It is shared because the dashboard's inbox settings preview the
// widget and show its defaults (the welcome title, the reply times) as the widget would.

export const en = {
  dir: 'ltr' as 'ltr' | 'rtl',
  launcher: { open: 'Open chat', close: 'Close chat', unread: '{count} unread' },
  panel: {
    label: 'Chat with {name}',
    close: 'Close chat',
    loading: 'Loading…',
    past: 'Past conversations',
  },
  welcome: {
    title: 'Hi there!',
    tagline: 'Ask us anything — we are happy to help.',
  },
  replyTime: {
    in_a_few_minutes: 'Typically replies in a few minutes',
    in_a_few_hours: 'Typically replies in a few hours',
    in_a_day: 'Typically replies in a day',
  },
  prechat: {
    intro: 'Please tell us a little about yourself before we start.',
    submit: 'Start conversation',
    required: 'required',
    missing: '{field} is required',
    invalidEmail: 'Enter an email address like name@example.com',
  },
  composer: {
    label: 'Type your message',
    placeholder: 'Type your message…',
    send: 'Send message',
    attach: 'Attach a file',
    remove: 'Remove {name}',
  },
  messages: {
    label: 'Messages',
    older: 'Load earlier messages',
    newer: 'New messages',
    empty: 'Send us a message and we will get back to you.',
    you: 'You',
    bot: 'Bot',
    team: 'Support',
    sending: 'Sending…',
    queued: 'Waiting for a connection, will send automatically',
    failed: 'Not sent',
    retry: 'Retry',
    sent: 'Sent',
    read: 'Read',
    typing: '{name} is typing…',
    someone: 'Someone',
    download: 'Download {name}',
    image: 'Image {name}',
    file: 'File',
  },
  connection: {
    offline: 'You are offline. Messages will be sent when you are back online.',
    reconnecting: 'Reconnecting…',
  },
  conversation: {
    end: 'End conversation',
    ended: 'This conversation has ended.',
    startNew: 'Start a new conversation',
    startedNew: 'This conversation was resolved; your message started a new one.',
  },
  rich: {
    emailLabel: 'Your email address',
  },
  errors: {
    generic: 'Something went wrong. Please try again.',
    load: 'We could not load the chat.',
    retry: 'Try again',
    dismiss: 'Dismiss',
  },
}

export type Strings = typeof en
