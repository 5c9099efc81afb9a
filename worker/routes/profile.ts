import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { drainMemberInboxes } from '../assignment/queues'
import { setAvailability } from '../db/queries/account-users'
import { setAutoOffline } from '../db/queries/presence'
import { deleteSessionsOfStatement } from '../db/queries/sessions'
import {
  findUser,
  findUserWithMemberships,
  type UserRow,
  updateUserStatement,
} from '../db/queries/users'
import { copyToShards, narrowOnShards } from '../db/replicate'
import { accountUsers, userSessions, users } from '../db/schema'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { hashPassword, verifyPassword } from '../lib/passwords'
import { nowSeconds } from '../lib/time'
import { announcePresence } from '../live/presence'
import { currentUserId } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { limitSignIn } from '../middleware/rate-limit'
import {
  closeSessionSockets,
  newSession,
  setDeviseHeaders,
  setSessionCookie,
} from '../middleware/session-credentials'
import { accountSecurity } from '../schemas/auth'
import { jsonBody, jsonResponse } from '../schemas/common'
import {
  AutoOfflineInputSchema,
  AvailabilityInputSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  toProfile,
} from '../schemas/users'
import { createRouter } from './router'
import { publishAfterResponse } from './write-adapter'

const tags = ['Profile']

type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>

/**
 * The hash of the new password, once the current one is checked (Chatwoot's shape: wrong → 422
 * on `current_password`). A user who has none yet (made by the platform API without one) sets
 * its first with its API token alone. Guesses at the current password count against the same
 * per-email budget as sign-in.
 */
async function newPasswordHash(c: Context<AppEnv>, user: UserRow, body: ProfileUpdate) {
  const password = body.password ?? ''
  if (body.password_confirmation !== undefined && body.password_confirmation !== password) {
    throw validationError([fieldError('password_confirmation', "doesn't match password")])
  }
  if (user.passwordHash !== null) {
    if (!body.current_password) {
      throw validationError([fieldError('current_password', "can't be blank", 'blank')])
    }
    await limitSignIn(c, user.email)
    if (!(await verifyPassword(body.current_password, user.passwordHash))) {
      throw validationError([fieldError('current_password', 'Invalid current password')])
    }
  }
  return hashPassword(password)
}

/**
 * Stores the new password and ends every session of the user. A caller signed in with a session
 * stays signed in: it gets a new one (cookie, or devise headers). The sockets of the ended
 * sessions close (4401). `c.var.db` is the directory (the profile names no account).
 */
async function changePassword(
  c: Context<AppEnv>,
  userId: number,
  update: ReturnType<typeof updateUserStatement>,
) {
  const db = c.var.db
  const principal = c.var.principal
  const viaSession = principal.type === 'user' && principal.session !== undefined
  const session = viaSession ? await newSession(c, userId) : undefined
  // Ending the sessions is a revocation: every shard's copies first, then the directory's
  // batch. A failure in between leaves the old sessions refused on account paths only.
  await narrowOnShards(c, (shard) => [deleteSessionsOfStatement(shard, userId)])
  const [, ended, inserted] = session
    ? await db.batch([update, deleteSessionsOfStatement(db, userId), session.insert])
    : [...(await db.batch([update, deleteSessionsOfStatement(db, userId)])), []]
  // Then the grants: the user's row (its new password hash) and the new session. The ended ids
  // go along, so that a session signed in between the two deletes leaves the shards too.
  await copyToShards(c.env, users, [userId])
  await copyToShards(
    c.env,
    userSessions,
    [...ended, ...inserted].map((row) => row.id),
  )
  await closeSessionSockets(c, userId)
  if (!session || principal.type !== 'user') return undefined
  if (principal.token) {
    const { email } = (await findUser(db, userId)) ?? { email: '' }
    setDeviseHeaders(c, session, email)
    return { headerToken: session.token }
  }
  setSessionCookie(c, session.token)
  return { headerToken: undefined }
}

/**
 * `access_token` is the token the caller presented: its API token, or its session's when sent
 * as a header. A cookie's is never shown (the cookie is HttpOnly so that scripts cannot read it).
 */
async function renderProfile(c: Context<AppEnv>, token?: string) {
  const userId = currentUserId(c)
  const db = c.var.db
  const { user, memberships } = await findUserWithMemberships(db, userId)
  if (!user) throw apiError('unauthorized', 'Invalid Access Token')
  const principal = c.var.principal
  return toProfile(user, memberships, token ?? (principal.type === 'user' ? principal.token : ''))
}

const showProfile = createRoute({
  operationId: 'getProfile',
  method: 'get',
  path: '/api/v1/profile',
  tags,
  security: accountSecurity,
  summary: 'The signed-in user, with its accounts',
  responses: {
    200: jsonResponse(ProfileSchema, 'The profile'),
    ...errorResponses('unauthorized', 'rate_limited'),
  },
})

const updateProfile = createRoute({
  operationId: 'updateProfile',
  method: 'patch',
  path: '/api/v1/profile',
  tags,
  security: accountSecurity,
  summary: 'Update the signed-in user',
  middleware: [unwrapBody('profile')],
  request: { body: jsonBody(ProfileUpdateSchema) },
  responses: {
    200: jsonResponse(ProfileSchema, 'The profile'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

/**
 * After a member changed a switch of theirs in one account (availability, auto_offline): a
 * membership that isn't theirs is a 404; the directory's row (`c.var.db`, the membership's truth)
 * goes to the shards, and colleagues' dashboards hear the presence it makes.
 */
async function membershipSwitched(
  c: Context<AppEnv>,
  accountId: number,
  updated: { id: number } | null | undefined,
) {
  if (!updated) throw apiError('not_found', `You are not a member of account ${accountId}`)
  await copyToShards(c.env, accountUsers, [updated.id])
  await announcePresence(c.env, accountId, currentUserId(c))
}

/** What the profile's per-account switches (availability, auto_offline) answer. */
const membershipSwitchResponses = {
  200: jsonResponse(ProfileSchema, 'The profile'),
  ...errorResponses(
    'unauthorized',
    'not_found',
    'validation_failed',
    'unsupported_media_type',
    'rate_limited',
  ),
}

const updateAvailability = createRoute({
  operationId: 'updateProfileAvailability',
  method: 'post',
  path: '/api/v1/profile/availability',
  tags,
  security: accountSecurity,
  summary: "Set the user's availability in one account",
  middleware: [unwrapBody('profile')],
  request: { body: jsonBody(AvailabilityInputSchema) },
  responses: membershipSwitchResponses,
})

const updateAutoOffline = createRoute({
  operationId: 'updateProfileAutoOffline',
  method: 'post',
  path: '/api/v1/profile/auto_offline',
  tags,
  security: accountSecurity,
  summary: 'Turn auto_offline on or off in one account (offline once the last dashboard closes)',
  middleware: [unwrapBody('profile')],
  request: { body: jsonBody(AutoOfflineInputSchema) },
  responses: membershipSwitchResponses,
})

export const profileRoutes = createRouter()
  .openapi(showProfile, async (c) => c.json(await renderProfile(c), 200))
  .openapi(updateProfile, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.db
    const userId = currentUserId(c)
    const user = await findUser(db, userId)
    if (!user) throw apiError('unauthorized', 'Invalid Access Token')
    const update = updateUserStatement(db, userId, {
      name: body.name,
      displayName: body.display_name,
      messageSignature: body.message_signature,
      uiSettings: body.ui_settings ? { ...user.uiSettings, ...body.ui_settings } : undefined,
      passwordHash: body.password === undefined ? undefined : await newPasswordHash(c, user, body),
    })
    if (body.password === undefined) {
      // Name, signature and ui settings grant nothing: the directory, then the shards' copies.
      await update
      await copyToShards(c.env, users, [userId])
      return c.json(await renderProfile(c), 200)
    }
    const session = await changePassword(c, userId, update)
    return c.json(await renderProfile(c, session?.headerToken), 200)
  })
  .openapi(updateAvailability, async (c) => {
    const { account_id, availability } = c.req.valid('json')
    const updated = await setAvailability(c.var.db, account_id, currentUserId(c), availability)
    await membershipSwitched(c, account_id, updated)
    if (availability === 'online') {
      // Conversations waiting in their inboxes may go to them now (worker/assignment/).
      const now = nowSeconds()
      const eventIds = await drainMemberInboxes(c.env, account_id, [currentUserId(c)], now)
      publishAfterResponse(c, account_id, eventIds)
    }
    return c.json(await renderProfile(c), 200)
  })
  .openapi(updateAutoOffline, async (c) => {
    const { account_id, auto_offline } = c.req.valid('json')
    const userId = currentUserId(c)
    // Turning it off with no dashboard open can bring the member back: colleagues see it live.
    await membershipSwitched(
      c,
      account_id,
      await setAutoOffline(c.var.db, account_id, userId, auto_offline),
    )
    return c.json(await renderProfile(c), 200)
  })
