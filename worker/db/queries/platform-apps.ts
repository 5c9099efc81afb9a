import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../client'
import { copyToShards } from '../replicate'
import { accessTokens, platformAppPermissibles, platformApps } from '../schema'

/** The app whose token is the PLATFORM_API_TOKEN secret. */
export const ROOT_PLATFORM_APP_ID = 1

export function ensureRootPlatformAppStatement(db: Db) {
  return db
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
  return (
    db
      .insert(platformAppPermissibles)
      .values({ platformAppId, permissibleType, permissibleId })
      .onConflictDoNothing()
      // The id is what db/replicate.ts copies to the shards (none when it was granted already).
      .returning({ id: platformAppPermissibles.id })
  )
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

/**
 * After the directory stored a new owner's token and its creator's right to it: their copies on
 * every shard (after the owner's own row). Neither references the other, so both go at once.
 */
export async function copyGrants(
  env: Env,
  tokens: readonly { id: number }[],
  permissibles: readonly { id: number }[],
) {
  await Promise.all([
    copyToShards(
      env,
      accessTokens,
      tokens.map((row) => row.id),
    ),
    copyToShards(
      env,
      platformAppPermissibles,
      permissibles.map((row) => row.id),
    ),
  ])
}
