import { CopyButton } from './CopyButton'

export interface CodeBlockProps {
  /** What the code is ("Embed snippet"): the block's accessible name and the copy button's. */
  label: string
  code: string
}

/** A labelled block of code to copy: a snippet, a token, a link. */
export function CodeBlock({ label, code }: CodeBlockProps) {
  return (
    <figure class="code-block">
      <figcaption>{label}</figcaption>
      {/* Focusable so a keyboard can scroll a long line: an axe rule for scrollable regions. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region needs keyboard access */}
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} label={`Copy ${label.toLowerCase()}`} />
    </figure>
  )
}
