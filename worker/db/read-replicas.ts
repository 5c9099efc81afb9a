/** The header a client sends back so its next request reads at least what it last saw. */
export const BOOKMARK_HEADER = 'x-parley-bookmark'

// D1's bookmarks are hex groups joined by dashes; anything else is ignored, not an error.
const BOOKMARK = /^[0-9a-f]+(?:-[0-9a-f]+){1,15}$/i

/**
 * A request's D1 session (the Sessions API): which copy of the database its reads may use.
 * - Writes, and every request that presents a credential (an access token, a session, a
 *   visitor's contact), start at the primary: a credential check must see a revocation the
 *   moment it commits, and a write goes to the primary anyway. Later reads in the same request
 *   may use a replica that is at least as new.
 * - Anonymous reads (the widget's inbox settings, the API reference) start at a replica at
 *   least as new as the client's bookmark, or at any replica without one.
 * Every response carries the session's bookmark for the client to send back.
 */
export function openSession(binding: D1Database, request: Request) {
  const session = binding.withSession(constraintOf(request))
  return {
    // A session has what drizzle and the gate use of a database: prepare and batch.
    database: session as unknown as D1Database,
    bookmarkHeader(): Record<string, string> {
      const bookmark = session.getBookmark()
      return bookmark ? { [BOOKMARK_HEADER]: bookmark } : {}
    },
  }
}

function constraintOf(request: Request): D1SessionConstraint | D1SessionBookmark {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'first-primary'
  if (presentsCredential(request)) return 'first-primary'
  const bookmark = request.headers.get(BOOKMARK_HEADER)?.trim()
  return bookmark && BOOKMARK.test(bookmark) ? bookmark : 'first-unconstrained'
}

const VISITOR_PATH = /^\/public\/api\/v1\/inboxes\/[^/]+\/contacts\//

function presentsCredential(request: Request) {
  const headers = request.headers
  if (headers.has('api_access_token') || headers.has('access-token')) return true
  if (headers.get('cookie')?.includes('parley_session=')) return true
  // A live socket sends its credential in its first frame.
  if (headers.get('upgrade')?.toLowerCase() === 'websocket') return true
  return VISITOR_PATH.test(new URL(request.url).pathname)
}
