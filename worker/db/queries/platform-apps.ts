import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../client'
import { platformAppPermissibles, platformApps } from '../schema'

/** The app whose token is the PLATFORM_API_TOKEN secret. */
export const ROOT_PLATFORM_APP_ID = 1

export async function ensureRootPlatformApp(db: Db) {
  await db
    .insert(platformApps)
    .values({ id: ROOT_PLATFORM_APP_ID, name: 'root' })
    .onConflictDoNothing()
}

export function insertPlatformApp(db: Db, name: string) {
  return db.insert(platformApps).values({ name }).returning()
}

export type PermissibleType = 'account' | 'user' | 'agent_bot'

export function grantPermissible(
  db: Db,
  platformAppId: number,
  permissibleType: PermissibleType,
  permissibleId: number | SQL,
) {
  return db
    .insert(platformAppPermissibles)
    .values({ platformAppId, permissibleType, permissibleId })
    .onConflictDoNothing()
}

export async function isPermissible(
  db: Db,
  platformAppId: number,
  permissibleType: PermissibleType,
  permissibleId: number,
) {
  const [row] = await db
    .select({ id: platformAppPermissibles.id })
    .from(platformAppPermissibles)
    .where(
      and(
        eq(platformAppPermissibles.platformAppId, platformAppId),
        eq(platformAppPermissibles.permissibleType, permissibleType),
        eq(platformAppPermissibles.permissibleId, permissibleId),
      ),
    )
    .limit(1)
  return Boolean(row)
}

export function permissibleIdsQuery(
  db: Db,
  platformAppId: number,
  permissibleType: PermissibleType,
) {
  return db
    .select({ id: platformAppPermissibles.permissibleId })
    .from(platformAppPermissibles)
    .where(
      and(
        eq(platformAppPermissibles.platformAppId, platformAppId),
        eq(platformAppPermissibles.permissibleType, permissibleType),
      ),
    )
}

export function deletePermissibles(db: Db, permissibleType: PermissibleType, ids: number[]) {
  return db
    .delete(platformAppPermissibles)
    .where(
      and(
        eq(platformAppPermissibles.permissibleType, permissibleType),
        inArray(platformAppPermissibles.permissibleId, ids),
      ),
    )
}
