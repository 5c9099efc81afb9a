import { useStrings } from '../../i18n/context'
import { CodeBlock } from '../../workspace/ui/CodeBlock'
import type { EmbedSnippetsProps } from './EmbedSnippets'
import { publicApiExample } from './snippets'

/** How an app uses an API inbox: its identifier and the public client API. */
export function ApiInboxInstructions({ identifier, origin = location.origin }: EmbedSnippetsProps) {
  const t = useStrings().inboxes
  return (
    <section class="inbox-section" aria-labelledby="api-heading">
      <h2 id="api-heading">{t.apiHeading}</h2>
      <p>{t.apiIntro}</p>
      <CodeBlock label={t.inboxIdentifier} code={identifier} />
      <CodeBlock label={t.apiExample} code={publicApiExample(origin, identifier)} />
    </section>
  )
}
