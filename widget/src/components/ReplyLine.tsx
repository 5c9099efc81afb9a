import { useWidget } from './context'
import { usePart } from './use-part'

/**
 * The header's line under the tagline: how fast the team replies or, while working hours are on
 * and it is closed, when it is back (the hours part chunk, fetched only for inboxes with hours on).
 */
export function ReplyLine() {
  const { state } = useWidget()
  const t = state.t.value
  const inbox = state.inbox.value
  const usual = t.replyTime[inbox?.reply_time as keyof typeof t.replyTime]
  return inbox?.working_hours_enabled ? <BackAt usual={usual} /> : <Line text={usual} />
}

const Line = ({ text }: { text?: string | null }) => text && <p class="reply-time">{text}</p>

function BackAt({ usual }: { usual?: string }) {
  const { state } = useWidget()
  const hours = usePart('hours')
  return <Line text={hours?.backAtLine(state.lang.value, state.inbox.value, new Date()) || usual} />
}
