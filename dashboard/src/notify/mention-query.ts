/** A colleague a note can mention. */
export type MentionOption = { id: number; name: string }

/** The `@query` being typed at the end of the text, or null when none is. */
export function mentionQuery(text: string): string | null {
  const match = /(?:^|\s)@([^\s@[\]()]{0,40})$/.exec(text)
  return match ? (match[1] ?? '') : null
}

/** Replaces the trailing `@query` with Chatwoot's mention form, which notifies that agent. */
export function insertMention(text: string, agent: MentionOption): string {
  const at = text.lastIndexOf('@')
  const name = agent.name.replace(/[[\]()]/g, '')
  return `${text.slice(0, at)}[@${name}](mention://user/${agent.id}/${encodeURIComponent(name)}) `
}

/** The agents whose name contains the query (any case), at most eight. */
export function matchAgents(agents: MentionOption[], query: string): MentionOption[] {
  const q = query.toLowerCase()
  return agents.filter((a) => a.name.toLowerCase().includes(q)).slice(0, 8)
}
