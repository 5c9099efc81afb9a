import { useAccount } from '../app/context'
import { conversationPath } from '../app/router'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { AppLink } from '../workspace/ui/AppLink'
import { dayOf } from './contact-facts'
import type { Conversation } from './types'

export interface ContactConversationsProps {
  /** undefined while loading. */
  conversations: Conversation[] | undefined
  error: string | null
}

/** The contact's conversations the agent may see, each a link to it, newest first. */
export function ContactConversations({ conversations, error }: ContactConversationsProps) {
  const t = useStrings().contacts
  const { accountId } = useAccount()
  return (
    <section aria-labelledby="contact-conversations">
      <h2 id="contact-conversations">{t.conversations}</h2>
      {error && <p class="form-error">{error}</p>}
      {conversations && conversations.length === 0 && <p>{t.noConversations}</p>}
      {conversations && conversations.length > 0 && (
        <ul class="contact-conversations">
          {conversations.map((conversation) => {
            const href = conversationPath(accountId, conversation.id)
            const last = conversation.last_non_activity_message?.content
            return (
              <li key={conversation.id}>
                <AppLink href={href}>{format(t.conversationLink, { id: conversation.id })}</AppLink>
                <span class="contact-conversation-meta">
                  {t.status[conversation.status] ?? conversation.status}
                  {' · '}
                  <time dateTime={new Date(conversation.last_activity_at * 1000).toISOString()}>
                    {dayOf(conversation.last_activity_at)}
                  </time>
                </span>
                {last && (
                  <p class="contact-conversation-last">{format(t.lastMessage, { text: last })}</p>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
