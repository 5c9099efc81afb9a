import type { Message } from '../client/types'
import { Cards } from './Cards'
import { CsatMessage } from './CsatMessage'
import { EmailInput } from './EmailInput'
import { FormMessage } from './FormMessage'
import { InputSelect } from './InputSelect'

/** The interactive part of a message (select, cards, form, email, CSAT), if it has one. */
export function RichMessage({ message }: { message: Message }) {
  switch (message.content_type) {
    case 'input_select':
      return <InputSelect message={message} />
    case 'cards':
      return <Cards message={message} />
    case 'form':
      return <FormMessage message={message} />
    case 'input_email':
      return <EmailInput message={message} />
    case 'input_csat':
      return <CsatMessage message={message} />
    default:
      return null
  }
}
