/**
 * Chatwoot's mention form in a private note, `[@Name](mention://user/<id>/<Name>)`, as the
 * worker reads it (worker/lib/mentions.ts): the note shows each mention as `@Name`.
 */
const MENTION = /\[@([^\]]*)\]\(mention:\/\/user\/\d+\/[^)]*\)/g

export function mentionsAsNames(content: string): string {
  return content.replace(MENTION, (_all, name: string) => `@${name}`)
}
