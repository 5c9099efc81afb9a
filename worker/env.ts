import type { Db } from './db/client'
import type { D1Gate } from './lib/d1-gate'

export type Bindings = Env

/** Who a request acts as, once middleware/auth.ts has checked its credential. */
export type Principal =
  | {
      type: 'user'
      id: number
      /**
       * The api_access_token (an API token, or a session's), or a session's token sent in the
       * devise header; '' for the cookie.
       */
      token: string
      /** Set when the user signed in with a session (cookie, devise headers or api_access_token). */
      session?: { id: number; tokenHash: string }
    }
  | { type: 'agent_bot'; id: number; token: string }
  | { type: 'platform_app'; id: number }

export type AppEnv = {
  Bindings: Bindings
  Variables: {
    /** The request's database: its account's shard, else the directory (db/shards.ts). */
    db: Db
    /** Which shard `db` is; null when it is the directory. */
    shard: number | null
    /** Holds the request's D1 calls until a remembered credential is confirmed (see auth). */
    d1Gate: D1Gate
    /** Set when the request runs on a remembered token owner that is still to be confirmed. */
    tokenOwnerKey: string | undefined
    /** Answers a request with the whole app again (after a stale remembered credential). */
    redispatch: (request: Request) => Promise<Response>
    requestId: string
    principal: Principal
    /** Set on account-scoped paths once membership is checked. */
    accountId: number
    role: 'administrator' | 'agent' | 'agent_bot'
    /** A live socket whose credential arrives in its first frame. */
    liveAuthPending: boolean
  }
}
