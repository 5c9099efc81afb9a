/** The tab's title with the unread count in front (Chatwoot has none: chatwoot#1942). */
export function titleWithCount(base: string, unread: number): string {
  return unread > 0 ? `(${unread}) ${base}` : base
}
