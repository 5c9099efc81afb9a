import type { Inbox } from '../../api/schema'
import { ApiInboxInstructions } from './ApiInboxInstructions'
import { isEmail, isPhone, isWebsite } from './channel'
import { EmailInboxInstructions } from './EmailInboxInstructions'
import { EmbedSnippets } from './EmbedSnippets'
import { PhoneInboxInstructions } from './PhoneInboxInstructions'

/** What to do with an inbox once it exists: embed a website's, wire an app's, route an email's, wire
 * Twilio to a phone inbox. */
export function ChannelInstructions({ inbox }: { inbox: Inbox }) {
  if (isEmail(inbox)) return <EmailInboxInstructions inbox={inbox} />
  if (isPhone(inbox)) return <PhoneInboxInstructions />
  if (!inbox.inbox_identifier) return null
  return isWebsite(inbox) ? (
    <EmbedSnippets identifier={inbox.inbox_identifier} />
  ) : (
    <ApiInboxInstructions identifier={inbox.inbox_identifier} />
  )
}
