/** The open conversation's strings: messages, composer, actions, contact panel. */
export const conversationEn = {
  reply: 'Reply',
  privateNote: 'Private note',
  send: 'Send',
}
