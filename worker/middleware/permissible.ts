import type { Context } from 'hono'
import type { Db } from '../db/client'
import { isPermissible, type PermissibleType } from '../db/queries/platform-apps'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { currentPlatformAppId } from './auth'

/**
 * A platform API resource, if it exists (404 otherwise) and the calling platform app created it
 * (401 "Non permissible resource" otherwise, as Chatwoot answers).
 */
export async function permittedResource<T>(
  c: Context<AppEnv>,
  type: PermissibleType,
  id: number,
  find: (db: Db, id: number) => Promise<T | undefined>,
): Promise<T> {
  const db = c.var.db
  const [resource, permitted] = await Promise.all([
    find(db, id),
    isPermissible(db, currentPlatformAppId(c), type, id),
  ])
  if (!resource) throw apiError('not_found')
  if (!permitted) throw apiError('unauthorized', 'Non permissible resource')
  return resource
}
