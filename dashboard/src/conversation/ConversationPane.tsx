/** One conversation: its messages, composer, actions and contact panel (owned by conversation/). */
export function ConversationPane(props: { displayId: number }) {
  return <section aria-label="Conversation">{props.displayId}</section>
}
