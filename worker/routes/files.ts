import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createDb } from '../db/client'
import { isPendingFileDeletion } from '../db/queries/file-deletions'
import { openSession } from '../db/read-replicas'
import { accountShard, shardBinding } from '../db/shards'
import type { AppEnv } from '../env'
import { apiError, errorResponses } from '../errors'
import { parseId } from '../lib/ids'
import { checkMediaLink } from '../lib/media-links'
import { nowSeconds } from '../lib/time'
import { noCredentials } from '../schemas/common'
import { createRouter } from './router'

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
    // A signed, time-limited link (lib/media-links.ts), as a phone inbox's text names its media:
    // checked when present, so a tampered or expired one is refused.
    query: z.object({
      expires: z.string().max(20).optional(),
      signature: z.string().max(128).optional(),
    }),
  },
  responses: {
    200: { description: 'The file, with its content type' },
    ...errorResponses('validation_failed', 'forbidden', 'not_found'),
  },
})

/**
 * Whether a stored object is still named by a row: its account exists and its key is not
 * waiting for removal. A deletion removes its files from R2 while it answers, but a crash, an R2
 * failure or more files than one R2 call takes leave some to the cron's sweep; until then the
 * object is in R2 and only this keeps its URL from answering. One indexed read on the account's
 * shard, at the nearest replica (an anonymous GET's session).
 */
async function stillNamed(c: Context<AppEnv>, key: string, object: R2Object) {
  const accountId = parseId(object.customMetadata?.accountId)
  const shard = accountId === null ? undefined : await accountShard(c.env, accountId)
  if (shard === undefined) return false
  const { database } = openSession(shardBinding(c.env, shard), c.req.raw)
  return !(await isPendingFileDeletion(createDb(database), key))
}

export const fileRoutes = createRouter().openapi(serveFile, async (c) => {
  const { kind, uuid, name } = c.req.valid('param')
  const key = `${kind}/${uuid}/${name}`
  const link = c.req.valid('query')
  if (link.expires !== undefined || link.signature !== undefined) {
    const check = await checkMediaLink(c.env.PLATFORM_API_TOKEN, key, link, nowSeconds())
    if (check !== 'valid') throw apiError('forbidden', `This file link is ${check}`)
  }
  const object = await c.env.FILES.get(key)
  if (!object) throw apiError('not_found')
  if (!(await stillNamed(c, key, object))) {
    await object.body.cancel()
    throw apiError('not_found')
  }
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
