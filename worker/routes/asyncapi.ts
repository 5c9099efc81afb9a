import { buildAsyncApiDocument } from '../asyncapi'
import { createRouter } from './router'

// The live socket protocol's AsyncAPI 3.0 document. Not an operation of /openapi.json (as that
// document's own route is not): it describes the sockets, which OpenAPI cannot.

let cached: { origin: string; document: ReturnType<typeof buildAsyncApiDocument> } | null = null

export const asyncApiRoutes = createRouter().get('/asyncapi.json', (c) => {
  const origin = new URL(c.req.url).origin
  // Built once per isolate (and origin): generating the schemas is the costly part.
  if (cached?.origin !== origin) cached = { origin, document: buildAsyncApiDocument(origin) }
  return c.json(cached.document)
})
