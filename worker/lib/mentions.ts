/**
 * Chatwoot's mention form in a private note's content: `[@Name](mention://user/<id>/<Name>)`
 * (the dashboard's composer inserts it; Chatwoot's own does the same, with the name URI-encoded).
 */
const MENTION = /\[@([^\]]*)\]\(mention:\/\/user\/(\d+)\/([^)]*)\)/g

/** The user ids a note's content mentions, each once, in order of first mention. */
export function mentionedUserIds(content: string | null | undefined): number[] {
  if (!content) return []
  const ids = new Set<number>()
  for (const match of content.matchAll(MENTION)) {
    const id = Number(match[2])
    if (Number.isSafeInteger(id) && id > 0) ids.add(id)
  }
  return [...ids]
}

/** The content with each mention shown as `@Name`, as Chatwoot's push titles show it. */
export function mentionsAsNames(content: string): string {
  return content.replace(MENTION, (_all, name: string) => `@${name}`)
}
