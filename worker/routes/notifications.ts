import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { upsertSubscription } from '../db/queries/notification-subscriptions'
import {
  countNotifications,
  deleteNotification,
  findSettings,
  listNotifications,
  loadNotificationActors,
  markAllRead,
  markNotificationRead,
  type NotificationRow,
  upsertSettings,
} from '../db/queries/notifications'
import type { AppEnv } from '../env'
import { apiError, errorResponses } from '../errors'
import { nowSeconds } from '../lib/time'
import { currentUserId } from '../middleware/auth'
import { DEFAULT_FLAGS } from '../notifications/plan'
import { vapidOf } from '../notifications/push'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import {
  NotificationListSchema,
  NotificationPageQuerySchema,
  NotificationSchema,
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  NotificationSubscriptionInputSchema,
  NotificationSubscriptionSchema,
  ReadAllInputSchema,
  toNotification,
  VapidKeySchema,
} from '../schemas/notifications'
import { createRouter } from './router'

const tags = ['Notifications']
const base = '/api/v1/accounts/{account_id}/notifications'
const settingsPath = '/api/v1/accounts/{account_id}/notification_settings'
const read = errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited')
const write = errorResponses(
  'unauthorized',
  'forbidden',
  'not_found',
  'validation_failed',
  'unsupported_media_type',
  'rate_limited',
)

async function render(c: Context<AppEnv>, rows: NotificationRow[]) {
  const actors = await loadNotificationActors(c.var.db, c.var.accountId, rows)
  return rows.map((row) => toNotification(row, actors))
}

const listRoute = createRoute({
  operationId: 'listNotifications',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "The signed-in agent's notifications in the account, newest first, 15 a page",
  request: { params: AccountIdParamsSchema, query: NotificationPageQuerySchema },
  responses: {
    200: jsonResponse(NotificationListSchema, 'Notifications'),
    // A page that is not a whole number from 1 to 10,000.
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const unreadCountRoute = createRoute({
  operationId: 'getNotificationsUnreadCount',
  method: 'get',
  path: `${base}/unread_count`,
  tags,
  security: accountSecurity,
  summary: 'How many of the agent’s notifications are unread (a bare number, as Chatwoot)',
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.number().int().openapi({ example: 3 }), 'Unread count'),
    ...read,
  },
})

const readAllRoute = createRoute({
  operationId: 'readAllNotifications',
  method: 'post',
  path: `${base}/read_all`,
  tags,
  security: accountSecurity,
  summary: "Marks the agent's notifications read: all, or one conversation's (primary_actor_id)",
  request: { params: AccountIdParamsSchema, body: jsonBody(ReadAllInputSchema) },
  responses: { 200: jsonResponse(EmptySchema, 'Marked read'), ...write },
})

const updateRoute = createRoute({
  operationId: 'updateNotification',
  method: 'patch',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Marks one notification read',
  request: { params: AccountAndIdParamsSchema },
  responses: { 200: jsonResponse(NotificationSchema, 'The notification'), ...read },
})

const deleteRoute = createRoute({
  operationId: 'deleteNotification',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Deletes one notification',
  request: { params: AccountAndIdParamsSchema },
  responses: { 200: jsonResponse(EmptySchema, 'Deleted'), ...read },
})

const showSettingsRoute = createRoute({
  operationId: 'getNotificationSettings',
  method: 'get',
  path: settingsPath,
  tags,
  security: accountSecurity,
  summary: 'Which notifications the agent gets by email and by push in the account',
  request: { params: AccountIdParamsSchema },
  responses: { 200: jsonResponse(NotificationSettingsSchema, 'Settings'), ...read },
})

const updateSettingsRoute = createRoute({
  operationId: 'updateNotificationSettings',
  method: 'patch',
  path: settingsPath,
  tags,
  security: accountSecurity,
  summary:
    'Chooses which notifications the agent gets (Chatwoot flags, e.g. push_conversation_mention)',
  request: {
    params: AccountIdParamsSchema,
    body: jsonBody(z.object({ notification_settings: NotificationSettingsInputSchema })),
  },
  responses: { 200: jsonResponse(NotificationSettingsSchema, 'Settings'), ...write },
})

const subscribeRoute = createRoute({
  operationId: 'createNotificationSubscription',
  method: 'post',
  path: '/api/v1/notification_subscriptions',
  tags,
  security: accountSecurity,
  summary: "Registers a browser's Web Push subscription for the signed-in user",
  request: { body: jsonBody(NotificationSubscriptionInputSchema) },
  responses: {
    200: jsonResponse(NotificationSubscriptionSchema, 'The subscription'),
    ...errorResponses(
      'unauthorized',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const vapidRoute = createRoute({
  operationId: 'getVapidPublicKey',
  method: 'get',
  path: '/api/v1/notification_subscriptions/vapid_public_key',
  tags,
  security: accountSecurity,
  summary: 'The VAPID public key browsers subscribe with (null: Web Push is off)',
  responses: {
    200: jsonResponse(VapidKeySchema, 'The key'),
    ...errorResponses('unauthorized', 'rate_limited'),
  },
})

function settingsJson(
  accountId: number,
  userId: number,
  row: { id: number; selectedEmailFlags: string[]; selectedPushFlags: string[] } | undefined,
) {
  const flags = row ?? { id: null, ...DEFAULT_FLAGS }
  return {
    id: flags.id,
    account_id: accountId,
    user_id: userId,
    selected_email_flags: flags.selectedEmailFlags,
    selected_push_flags: flags.selectedPushFlags,
  }
}

export const notificationRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const userId = currentUserId(c)
    const page = c.req.valid('query').page ?? 1
    const [rows, counts] = await Promise.all([
      listNotifications(c.var.db, c.var.accountId, userId, page),
      countNotifications(c.var.db, c.var.accountId, userId),
    ])
    const meta = { unread_count: counts.unreadCount, count: counts.count, current_page: page }
    return c.json({ data: { meta, payload: await render(c, rows) } }, 200)
  })
  .openapi(unreadCountRoute, async (c) => {
    const counts = await countNotifications(c.var.db, c.var.accountId, currentUserId(c))
    return c.json(counts.unreadCount, 200)
  })
  .openapi(readAllRoute, async (c) => {
    const body = c.req.valid('json')
    await markAllRead(
      c.var.db,
      c.var.accountId,
      currentUserId(c),
      nowSeconds(),
      body.primary_actor_id,
    )
    return c.json({}, 200)
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param')
    const row = await markNotificationRead(
      c.var.db,
      c.var.accountId,
      currentUserId(c),
      id,
      nowSeconds(),
    )
    if (!row) throw apiError('not_found', `Notification ${id} not found`)
    const [json] = await render(c, [row])
    return c.json(json, 200)
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteNotification(c.var.db, c.var.accountId, currentUserId(c), id))) {
      throw apiError('not_found', `Notification ${id} not found`)
    }
    return c.json({}, 200)
  })
  .openapi(showSettingsRoute, async (c) => {
    const userId = currentUserId(c)
    const row = await findSettings(c.var.db, c.var.accountId, userId)
    return c.json(settingsJson(c.var.accountId, userId, row), 200)
  })
  .openapi(updateSettingsRoute, async (c) => {
    const userId = currentUserId(c)
    const input = c.req.valid('json').notification_settings
    const before = (await findSettings(c.var.db, c.var.accountId, userId)) ?? DEFAULT_FLAGS
    const row = await upsertSettings(
      c.var.db,
      c.var.accountId,
      userId,
      {
        selectedEmailFlags: input.selected_email_flags ?? before.selectedEmailFlags,
        selectedPushFlags: input.selected_push_flags ?? before.selectedPushFlags,
      },
      nowSeconds(),
    )
    return c.json(settingsJson(c.var.accountId, userId, row), 200)
  })
  .openapi(subscribeRoute, async (c) => {
    const body = c.req.valid('json')
    const row = await upsertSubscription(
      c.var.db,
      currentUserId(c),
      body.subscription_attributes,
      nowSeconds(),
    )
    if (!row) throw new Error('subscription upsert returned nothing')
    return c.json(
      {
        id: row.id,
        user_id: row.userId,
        subscription_type: row.subscriptionType,
        subscription_attributes: row.subscriptionAttributes,
        identifier: row.identifier,
      },
      200,
    )
  })
  .openapi(vapidRoute, async (c) => {
    return c.json({ vapid_public_key: vapidOf(c.env)?.publicKey ?? null }, 200)
  })
