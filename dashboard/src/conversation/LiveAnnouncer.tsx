import { useAccount } from '../app/context'
import { format } from '../i18n'
import { usePane } from './context'

/**
 * Screen readers hear each message that arrives live, politely. A region of its own, so the
 * history the list reveals while scrolling is never read out as new.
 */
export function LiveAnnouncer() {
  const t = useAccount().strings.conversation
  const news = usePane().store.state.announcement.value
  return (
    <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {news ? format(t.newMessage, { name: news.name || t.visitor, text: news.text }) : ''}
    </div>
  )
}
