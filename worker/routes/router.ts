import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../env'
import { apiError, issuesToFieldErrors, validationError } from '../errors'
import { withFormCasting } from '../middleware/body'

const namesNoId = (issue: { code: string; params?: Record<string, unknown> }) =>
  issue.code === 'custom' && issue.params?.nonCanonicalId === true

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
