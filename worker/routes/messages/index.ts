import { createRouter } from '../router'
import { messageCreateRoutes } from './create'
import { messageManageRoutes } from './manage'
import { messageRetryRoutes } from './retry'

/** Messages of a conversation under /api/v1/accounts/{account_id}/conversations/{id}/messages. */
export const messageRoutes = createRouter()
  .route('/', messageManageRoutes)
  .route('/', messageCreateRoutes)
  .route('/', messageRetryRoutes)
