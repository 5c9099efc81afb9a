import { format, type InboxesStrings } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { CodeBlock } from '../../workspace/ui/CodeBlock'
import { chatwootSnippet, embedSnippet } from './snippets'

export interface EmbedSnippetsProps {
  identifier: string
  origin?: string
}

/** How to put a website inbox's chat on a site: Parley's one tag, or Chatwoot's snippet. */
export function EmbedSnippets({ identifier, origin = location.origin }: EmbedSnippetsProps) {
  const t = useStrings().inboxes
  return (
    <section class="inbox-section" aria-labelledby="embed-heading">
      <h2 id="embed-heading">{t.embedHeading}</h2>
      <p>{t.embedIntro}</p>
      <CodeBlock label={t.embedSnippet} code={embedSnippet(origin, identifier)} />
      <h3>{t.chatwootHeading}</h3>
      <p>{t.chatwootIntro}</p>
      <CodeBlock label={t.chatwootSnippet} code={chatwootSnippet(origin, identifier)} />
    </section>
  )
}

export const goToSettingsLabel = (name: string, t: InboxesStrings) =>
  format(t.goToSettings, { name })
