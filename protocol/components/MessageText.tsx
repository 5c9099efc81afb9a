const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g

interface Part {
  at: number
  text: string
  link: boolean
}

function split(text: string): Part[] {
  const parts: Part[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0
    if (index > last) parts.push({ at: last, text: text.slice(last, index), link: false })
    parts.push({ at: index, text: match[0], link: true })
    last = index + match[0].length
  }
  if (last < text.length) parts.push({ at: last, text: text.slice(last), link: false })
  return parts
}

/** Plain text with its web addresses made into links; never parsed as HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <p class="text" dir="auto">
      {split(text).map((part) =>
        part.link ? (
          <a key={part.at} href={part.text} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </p>
  )
}
