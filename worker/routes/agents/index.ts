import { createRouter } from '../router'
import { agentCapacityRoutes } from './capacity'
import { agentCreateRoutes } from './create'
import { agentManageRoutes } from './manage'
import { agentReadRoutes } from './read'

/** The account's agents under /api/v1/accounts/{account_id}/agents. */
export const agentRoutes = createRouter()
  .route('/', agentReadRoutes)
  .route('/', agentCreateRoutes)
  .route('/', agentManageRoutes)
  .route('/', agentCapacityRoutes)
