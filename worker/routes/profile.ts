import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { setAvailability } from '../db/queries/account-users'
import { findUser, findUserWithMemberships, updateUserStatement } from '../db/queries/users'
import { type AppEnv, createRouter } from '../env'
import { apiError, errorResponses } from '../errors'
import { currentUserId } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { jsonBody, jsonResponse, tokenSecurity } from '../schemas/common'
import {
  AvailabilityInputSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  toProfile,
} from '../schemas/users'

const tags = ['Profile']

async function renderProfile(c: Context<AppEnv>) {
  const userId = currentUserId(c)
  const db = c.var.db
  const { user, memberships } = await findUserWithMemberships(db, userId)
  if (!user) throw apiError('unauthorized', 'Invalid Access Token')
  const principal = c.var.principal
  const token = principal.type === 'user' ? principal.token : ''
  return toProfile(user, memberships, token)
}

const showProfile = createRoute({
  operationId: 'getProfile',
  method: 'get',
  path: '/api/v1/profile',
  tags,
  security: tokenSecurity,
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
  security: tokenSecurity,
  summary: 'Update the signed-in user',
  middleware: [unwrapBody('profile')],
  request: { body: jsonBody(ProfileUpdateSchema) },
  responses: {
    200: jsonResponse(ProfileSchema, 'The profile'),
    ...errorResponses(
      'unauthorized',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const updateAvailability = createRoute({
  operationId: 'updateProfileAvailability',
  method: 'post',
  path: '/api/v1/profile/availability',
  tags,
  security: tokenSecurity,
  summary: "Set the user's availability in one account",
  middleware: [unwrapBody('profile')],
  request: { body: jsonBody(AvailabilityInputSchema) },
  responses: {
    200: jsonResponse(ProfileSchema, 'The profile'),
    ...errorResponses(
      'unauthorized',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

export const profileRoutes = createRouter()
  .openapi(showProfile, async (c) => c.json(await renderProfile(c), 200))
  .openapi(updateProfile, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.db
    const userId = currentUserId(c)
    const user = await findUser(db, userId)
    if (!user) throw apiError('unauthorized', 'Invalid Access Token')
    await updateUserStatement(db, userId, {
      name: body.name,
      displayName: body.display_name,
      messageSignature: body.message_signature,
      uiSettings: body.ui_settings ? { ...user.uiSettings, ...body.ui_settings } : undefined,
    })
    return c.json(await renderProfile(c), 200)
  })
  .openapi(updateAvailability, async (c) => {
    const { account_id, availability } = c.req.valid('json')
    const updated = await setAvailability(c.var.db, account_id, currentUserId(c), availability)
    if (!updated) throw apiError('not_found', `You are not a member of account ${account_id}`)
    return c.json(await renderProfile(c), 200)
  })
