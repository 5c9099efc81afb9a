import { useEffect, useRef } from 'preact/hooks'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { CodeBlock } from '../../workspace/ui/CodeBlock'
import type { ShownLink } from './agents-api'

export interface LinkPanelProps {
  link: ShownLink
  onClose(): void
}

/**
 * A link just made, to copy and hand over: it is shown this once (only its hash is stored).
 * Focus moves to its heading so a screen reader hears it at once.
 */
export function LinkPanel({ link, onClose }: LinkPanelProps) {
  const t = useStrings().agents
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [link.url])
  const expires = new Date(link.expiresAt).toLocaleString('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return (
    <section class="agent-link" aria-labelledby="agent-link-heading">
      <h2 id="agent-link-heading" ref={heading} tabIndex={-1}>
        {format(t.linkHeading, { name: link.name })}
      </h2>
      <p class="form-hint">{format(t.linkHint, { name: link.name, expires })}</p>
      <CodeBlock
        label={link.kind === 'invitation' ? t.invitationLink : t.resetLink}
        code={link.url}
      />
      <button type="button" class="button" onClick={onClose}>
        {t.hideLink}
      </button>
    </section>
  )
}
