import { createRouter } from '../../env'
import { contactAttributeRoutes } from './attributes'
import { contactInboxLinkRoutes } from './inbox-links'
import { contactLabelRoutes } from './labels'
import { contactListRoutes } from './list'
import { contactRecordRoutes } from './records'

// The list routes come first: `/contacts/search` must match before `/contacts/{id}`.
export const contactRoutes = createRouter()
  .route('/', contactListRoutes)
  .route('/', contactRecordRoutes)
  .route('/', contactLabelRoutes)
  .route('/', contactAttributeRoutes)
  .route('/', contactInboxLinkRoutes)
