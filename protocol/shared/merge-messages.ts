/** What merging needs of a message: its server id once it has one, and the client's echo_id. */
export interface Mergeable {
  id?: number
  echo_id?: string | null
  delivery?: string
  error?: string
  files?: File[]
}

/** Server messages by id; unconfirmed ones after them, in the order they were written. */
function byId(a: Mergeable, b: Mergeable): number {
  return (a.id ?? Number.POSITIVE_INFINITY) - (b.id ?? Number.POSITIVE_INFINITY) || 0
}

/**
 * Merges messages into a list (the widget's and the dashboard's). A message already there (same
 * id, or an unconfirmed one with the same echo_id) is replaced, never duplicated: the POST's
 * answer, a socket's echo, a replayed frame and a resync's reload all land on one entry. Indexed
 * once per call, so a 5,000-message list merges in linear time.
 */
export function mergeMessages<T extends Mergeable>(
  list: readonly T[],
  incoming: readonly T[],
): { list: T[]; added: T[] } {
  const next = list.slice()
  const added: T[] = []
  const byIdIndex = new Map<number, number>()
  const byEcho = new Map<string, number>()
  next.forEach((m, i) => {
    if (m.id !== undefined) byIdIndex.set(m.id, i)
    if (m.echo_id) byEcho.set(m.echo_id, i)
  })
  let unsorted = false
  for (const message of incoming) {
    let index = message.id === undefined ? undefined : byIdIndex.get(message.id)
    if (index === undefined && message.echo_id) index = byEcho.get(message.echo_id)
    if (index === undefined) {
      const last = next[next.length - 1]
      if (last && byId(last, message) > 0) unsorted = true
      index = next.push(message) - 1
      added.push(message)
    } else {
      const current = next[index] as T
      if (message.id !== undefined && current.id === undefined) unsorted = true
      next[index] =
        message.id === undefined
          ? { ...current, ...message }
          : {
              ...current,
              ...message,
              // Keeps the list key stable: the confirmed message is the same DOM node, and a
              // live region does not announce it twice.
              echo_id: message.echo_id ?? current.echo_id,
              delivery: undefined,
              error: undefined,
              files: undefined,
            }
    }
    const merged = next[index] as T
    if (merged.id !== undefined) byIdIndex.set(merged.id, index)
    if (merged.echo_id) byEcho.set(merged.echo_id, index)
  }
  return { list: unsorted ? next.sort(byId) : next, added }
}
