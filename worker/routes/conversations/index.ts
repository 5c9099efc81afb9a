import { createRouter } from '../router'
import { conversationAssignmentRoutes } from './assignments'
import { conversationCreateRoutes } from './create'
import { conversationLabelRoutes } from './labels'
import { conversationReadRoutes } from './read'
import { conversationUpdateRoutes } from './update'

/** Conversations under /api/v1/accounts/{account_id}; the read routes first (`/meta` before `/{id}`). */
export const conversationRoutes = createRouter()
  .route('/', conversationReadRoutes)
  .route('/', conversationCreateRoutes)
  .route('/', conversationUpdateRoutes)
  .route('/', conversationAssignmentRoutes)
  .route('/', conversationLabelRoutes)
