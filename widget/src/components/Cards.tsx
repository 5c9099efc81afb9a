import { safeUrl } from '../../../protocol/shared/safe-url'
import type { Message } from '../client/types'
import { useWidget } from './context'
import { items } from './rich'

interface CardAction {
  type: 'link' | 'postback' | string
  text: string
  uri?: string
  payload?: unknown
}

interface Card {
  title?: string
  description?: string
  media_url?: string
  actions?: CardAction[]
}

/** Product-style cards: links open in a new tab; postback buttons answer with their text. */
export function Cards({ message }: { message: Message }) {
  const widget = useWidget()
  return (
    <ul class="cards">
      {items<Card>(message).map((card) => {
        const media = safeUrl(card.media_url)
        return (
          <li class="card" key={card.title ?? card.media_url ?? card.description}>
            {media && <img src={media} alt="" loading="lazy" />}
            {card.title && <p class="card-title">{card.title}</p>}
            {card.description && <p class="card-text">{card.description}</p>}
            {card.actions?.map((action) => {
              const href = action.type === 'link' ? safeUrl(action.uri) : undefined
              return href ? (
                <a
                  key={action.text}
                  class="card-action"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {action.text}
                </a>
              ) : (
                <button
                  key={action.text}
                  type="button"
                  class="card-action"
                  onClick={() => widget.postback(action)}
                >
                  {action.text}
                </button>
              )
            })}
          </li>
        )
      })}
    </ul>
  )
}
