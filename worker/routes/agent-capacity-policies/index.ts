import { createRouter } from '../router'
import { inboxLimitRoutes } from './inbox-limits'
import { policyRoutes } from './policies'
import { policyUserRoutes } from './users'

/** Chatwoot's agent capacity policies (Assignment v2), their agents and their inbox limits. */
export const agentCapacityPolicyRoutes = createRouter()
  .route('/', policyRoutes)
  .route('/', policyUserRoutes)
  .route('/', inboxLimitRoutes)
