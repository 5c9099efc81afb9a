import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../env'
import { apiError, errorResponses } from '../errors'
import { noCredentials } from '../schemas/common'

const serveFile = createRoute({
  security: noCredentials,
  operationId: 'getFile',
  method: 'get',
  path: '/files/{kind}/{uuid}/{name}',
  tags: ['Files'],
  summary: 'A stored avatar or attachment, at the URL the API returned for it',
  request: {
    params: z.object({
      kind: z.enum(['avatar', 'attachment']).openapi({ param: { name: 'kind', in: 'path' } }),
      uuid: z.uuid().openapi({ param: { name: 'uuid', in: 'path' } }),
      name: z
        .string()
        .regex(/^[\w.\- ]{1,120}$/)
        .openapi({ param: { name: 'name', in: 'path' } }),
    }),
  },
  responses: {
    200: { description: 'The file, with its content type' },
    ...errorResponses('not_found'),
  },
})

export const fileRoutes = createRouter().openapi(serveFile, async (c) => {
  const { kind, uuid, name } = c.req.valid('param')
  const object = await c.env.FILES.get(`${kind}/${uuid}/${name}`)
  if (!object) throw apiError('not_found')
  const contentType = object.httpMetadata?.contentType ?? 'application/octet-stream'
  const headers = new Headers({
    'content-type': contentType,
    'content-length': String(object.size),
    etag: object.httpEtag,
    // Keys never change content, so caches may keep them.
    'cache-control': 'public, max-age=31536000, immutable',
    'content-security-policy': "default-src 'none'; sandbox",
  })
  if (
    !contentType.startsWith('image/') &&
    !contentType.startsWith('video/') &&
    !contentType.startsWith('audio/')
  ) {
    headers.set('content-disposition', 'attachment')
  }
  return new Response(object.body, { headers }) as never
})
