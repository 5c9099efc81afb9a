import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  insertPasswordTokenStatement,
  type PasswordTokenPurpose,
} from '../db/queries/password-tokens'
import { randomToken, sha256Hex } from '../lib/crypto'
import { nowSeconds } from '../lib/time'

/**
 * Invitation and reset links: `/app/auth/password/edit?reset_password_token=…` (Chatwoot's
 * devise path). The token is 32 random bytes, base64url; D1 holds only its SHA-256. A link works
 * once. An invitation lasts 7 days; a reset link, which can take over a working account, 24 hours.
 */
export const PASSWORD_LINK_PATH = '/app/auth/password/edit'
export const LINK_TTL_SECONDS: Record<PasswordTokenPurpose, number> = {
  invitation: 7 * 24 * 60 * 60,
  reset: 24 * 60 * 60,
}

/**
 * A new link for the user (a SQL id when the user is inserted in the same batch). Links live
 * only in the directory: `db` is the directory's (`directoryDb`), on which the caller runs the
 * insert. `request` is the one the link is made for (a route passes its Hono context): the
 * link points at its origin.
 */
export async function newPasswordLink(
  request: { req: { url: string } },
  db: Db,
  values: { userId: number | SQL; accountId: number; createdById: number | null },
  purpose: PasswordTokenPurpose,
) {
  const token = randomToken(32)
  const expiresAt = nowSeconds() + LINK_TTL_SECONDS[purpose]
  const url = new URL(PASSWORD_LINK_PATH, new URL(request.req.url).origin)
  url.searchParams.set('reset_password_token', token)
  return {
    url: url.toString(),
    expiresAt,
    insert: insertPasswordTokenStatement(db, {
      ...values,
      purpose,
      tokenHash: await sha256Hex(token),
      expiresAt,
    }),
  }
}
