import { createRouter } from '../router'
import { contactAttributeRoutes } from './attributes'
import { contactDuplicateRoutes } from './duplicates'
import { contactExportRoutes } from './exports'
import { contactImportRoutes } from './imports'
import { contactInboxLinkRoutes } from './inbox-links'
import { contactLabelRoutes } from './labels'
import { contactListRoutes } from './list'
import { contactMergeRoutes } from './merge'
import { contactNoteRoutes } from './notes'
import { contactRecordRoutes } from './records'

// The list routes come first: `/contacts/search` must match before `/contacts/{id}`, and so
// must the import and export ones (`/contacts/import`, `/contacts/imports/{import_id}` …).
export const contactRoutes = createRouter()
  .route('/', contactListRoutes)
  .route('/', contactImportRoutes)
  .route('/', contactExportRoutes)
  .route('/', contactRecordRoutes)
  .route('/', contactLabelRoutes)
  .route('/', contactAttributeRoutes)
  .route('/', contactInboxLinkRoutes)
  .route('/', contactMergeRoutes)
  .route('/', contactNoteRoutes)
  .route('/', contactDuplicateRoutes)
