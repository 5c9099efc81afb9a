import { OpenAPIHono } from '@hono/zod-openapi'
import type { Db } from './db/client'
import { apiError, issuesToFieldErrors, validationError } from './errors'
import type { D1Gate } from './lib/d1-gate'
import type { Principal } from './middleware/auth'
import { withFormCasting } from './middleware/body'

export type Bindings = Env

const namesNoId = (issue: { code: string; params?: Record<string, unknown> }) =>
  issue.code === 'custom' && issue.params?.nonCanonicalId === true

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

/**
 * Every router is built here so that validation failures render through the one error helper,
 * and so that every route taking a JSON body also takes it as a form (see middleware/body.ts).
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return
      // A malformed id in the path, or an id in the query not spelled canonically, names no
      // resource: 404, as for an unknown one (schemas/common.ts's IdSchema marks the latter).
      if (result.target === 'param') throw apiError('not_found')
      if (result.target === 'query' && result.error.issues.some(namesNoId)) {
        throw apiError('not_found')
      }
      throw validationError(issuesToFieldErrors(result.error.issues))
    },
  })
  const register = router.openapi
  router.openapi = ((route, handler, hook) =>
    register(withFormCasting(route), handler, hook)) as typeof router.openapi
  return router
}
