import { Composer } from './Composer'
import { ConnectionBanner } from './ConnectionBanner'
import { useWidget } from './context'
import { EndedNotice } from './EndedNotice'
import { MessageList } from './MessageList'
import { Notice } from './Notice'
import { TypingIndicator } from './TypingIndicator'

/** The chat view: status lines, the message log, who is typing, and the composer. */
export function Conversation() {
  const { state } = useWidget()
  return (
    <>
      <ConnectionBanner />
      <Notice />
      <MessageList />
      <TypingIndicator />
      {state.ended.value ? <EndedNotice /> : <Composer />}
    </>
  )
}
