import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { ALL_READ_LAYERS, createDb, type ReadLayers } from './db/client'
import { openSession } from './db/read-replicas'
import type { AppEnv } from './env'
import { D1Gate } from './lib/d1-gate'
import { accountAuth, platformAuth, userAuth } from './middleware/auth'
import { readBody } from './middleware/body'
import { publicCors } from './middleware/public-cors'
import { apiRateLimit } from './middleware/rate-limit'
import { notFound, renderError } from './middleware/render-error'
import { requestDatabase } from './middleware/request-database'
import { carryRequestId, requestIdFor, stampRequestId } from './middleware/request-id'
import { OPENAPI_TAGS } from './openapi-tags'
import { registerWebhooks } from './openapi-webhooks'
import { accountRoutes } from './routes/accounts'
import { agentBotRoutes } from './routes/agent-bots'
import { agentCapacityPolicyRoutes } from './routes/agent-capacity-policies'
import { agentLinkRoutes } from './routes/agent-links'
import { agentRoutes } from './routes/agents'
import { appShellRoutes } from './routes/app-shell'
import { asyncApiRoutes } from './routes/asyncapi'
import { authRoutes } from './routes/auth'
import { authPasswordRoutes } from './routes/auth-password'
import { cannedResponseRoutes } from './routes/canned-responses'
import { twilioChannelRoutes } from './routes/channels-twilio'
import { contactRoutes } from './routes/contacts'
import { conversationRoutes } from './routes/conversations'
import { csatSurveyResponseRoutes } from './routes/csat-survey-responses'
import { customAttributeDefinitionRoutes } from './routes/custom-attribute-definitions'
import { demoRoutes } from './routes/demo'
import { renderDocs } from './routes/docs'
import { fileRoutes } from './routes/files'
import { funnelRoutes } from './routes/funnels'
import { healthRoutes } from './routes/health'
import { inboxMemberRoutes } from './routes/inbox-members'
import { inboxRoutes } from './routes/inboxes'
import { labelRoutes } from './routes/labels'
import { liveRoutes } from './routes/live'
import { messageRoutes } from './routes/messages'
import { notificationRoutes } from './routes/notifications'
import { platformAccountUsers } from './routes/platform-account-users'
import { platformAccounts } from './routes/platform-accounts'
import { platformAgentBots } from './routes/platform-agent-bots'
import { platformShards } from './routes/platform-shards'
import { platformUsers } from './routes/platform-users'
import { productRoutes } from './routes/products'
import { profileRoutes } from './routes/profile'
import { publicContactRoutes } from './routes/public/contacts'
import { publicConversationRoutes } from './routes/public/conversations'
import { publicCsatSurveyRoutes } from './routes/public/csat-survey'
import { publicEventRoutes } from './routes/public/events'
import { publicInboxRoutes } from './routes/public/inbox'
import { publicLiveRoutes } from './routes/public/live'
import { publicMessageRoutes } from './routes/public/messages'
import { widgetLoaderRoutes } from './routes/public/widget-loader'
import { reportRoutes } from './routes/reports'
import { teamRoutes } from './routes/teams'
import { twilioCallbackRoutes } from './routes/twilio-callback'
import { twilioStatusRoutes } from './routes/twilio-status'
import { webhookDeliveryRoutes } from './routes/webhook-deliveries'
import { webhookTestRoutes } from './routes/webhook-tests'
import { webhookRoutes } from './routes/webhooks'

export const OPENAPI_INFO = {
  title: 'Parley API',
  version: '1.0.0',
  description:
    'Chatwoot-compatible support inbox API: the application API (/api/v1), the platform API ' +
    '(/platform/api/v1) and the public client API (/public/api/v1).',
}

/** What an entry other than production's adds to the app (the benchmark's, `bench/worker`). */
export type AppOptions = {
  /** Registered after the middleware, before the API's routes. */
  routes?: (app: OpenAPIHono<AppEnv>) => void
  /** The read path's layers for a request (all of them unless given). */
  readLayers?: (c: Context<AppEnv>) => ReadLayers
}

export function createApp(options: AppOptions = {}) {
  // Not strict: Chatwoot clients add a trailing slash to some paths (`/inboxes/1/`).
  const app = new OpenAPIHono<AppEnv>({ strict: false })

  // Outermost, so that a request refused before any route (an account that is not one) has them.
  const secure = secureHeaders({ crossOriginResourcePolicy: false })
  // A WebSocket upgrade's 101 response comes from a Durable Object and cannot take headers.
  app.use('*', (c, next) =>
    c.req.header('upgrade')?.toLowerCase() === 'websocket' ? next() : secure(c, next),
  )
  // Its own step, so that a request refused while its database is chosen still has its id.
  app.use('*', async (c, next) => {
    const requestId = requestIdFor(c.req.raw)
    c.set('requestId', requestId)
    await next()
    stampRequestId(c, requestId)
  })
  app.use('*', async (c, next) => {
    const requestId = c.var.requestId
    const { binding, shard } = await requestDatabase(c.env, c.req.path)
    // D1's Sessions API: reads may go to a replica (db/read-replicas.ts).
    const session = openSession(binding, c.req.raw)
    const gate = new D1Gate(session.database)
    const layers = options.readLayers?.(c) ?? ALL_READ_LAYERS
    c.set('d1Gate', gate)
    c.set('shard', shard)
    c.set('db', createDb(layers.gate ? gate.binding : session.database, layers))
    c.set('redispatch', async (request) =>
      app.fetch(carryRequestId(request, requestId), c.env, executionContextOf(c)),
    )
    await next()
    stampRequestId(c, requestId, session.bookmarkHeader())
  })

  // Authentication comes before the body is read, so an anonymous caller costs no body parsing.
  app.use('/platform/api/v1/*', apiRateLimit)
  app.use('/api/v1/*', apiRateLimit)
  app.use('/api/v2/*', apiRateLimit)
  app.use('/platform/api/v1/*', platformAuth)
  app.use('/api/v1/accounts/:account_id', accountAuth)
  app.use('/api/v1/accounts/:account_id/*', accountAuth)
  app.use('/api/v2/accounts/:account_id/*', accountAuth)
  app.use('/api/v1/profile', userAuth)
  app.use('/api/v1/profile/*', userAuth)
  app.use('/api/v1/notification_subscriptions', userAuth)
  app.use('/api/v1/notification_subscriptions/*', userAuth)
  app.use('/public/*', publicCors)
  app.use('*', readBody)
  options.routes?.(app)

  app.route('/platform/api/v1', platformAccounts)
  app.route('/platform/api/v1', platformAccountUsers)
  app.route('/platform/api/v1', platformShards)
  app.route('/platform/api/v1', platformUsers)
  app.route('/platform/api/v1', platformAgentBots)
  app.route('/', accountRoutes)
  app.route('/', healthRoutes)
  app.route('/', authRoutes)
  app.route('/', authPasswordRoutes)
  app.route('/', asyncApiRoutes)
  app.route('/', profileRoutes)
  app.route('/', inboxRoutes)
  app.route('/', twilioChannelRoutes)
  app.route('/', agentBotRoutes)
  app.route('/', contactRoutes)
  app.route('/', conversationRoutes)
  app.route('/', messageRoutes)
  app.route('/', inboxMemberRoutes)
  app.route('/', agentRoutes)
  app.route('/', agentLinkRoutes)
  app.route('/', teamRoutes)
  app.route('/', agentCapacityPolicyRoutes)
  app.route('/', customAttributeDefinitionRoutes)
  app.route('/', labelRoutes)
  app.route('/', notificationRoutes)
  app.route('/', cannedResponseRoutes)
  app.route('/', fileRoutes)
  app.route('/', productRoutes)
  app.route('/', funnelRoutes)
  app.route('/', reportRoutes)
  app.route('/', csatSurveyResponseRoutes)
  app.route('/', webhookRoutes)
  app.route('/', webhookDeliveryRoutes)
  app.route('/', webhookTestRoutes)
  app.route('/', liveRoutes)
  app.route('/', demoRoutes)
  app.route('/', appShellRoutes)
  app.route('/', widgetLoaderRoutes)
  app.route('/', publicInboxRoutes)
  app.route('/', publicContactRoutes)
  app.route('/', publicConversationRoutes)
  app.route('/', publicMessageRoutes)
  app.route('/', publicEventRoutes)
  app.route('/', publicLiveRoutes)
  app.route('/', publicCsatSurveyRoutes)
  // Twilio's webhooks for phone inboxes, at Chatwoot's paths.
  app.route('/', twilioCallbackRoutes)
  app.route('/', twilioStatusRoutes)

  app.openAPIRegistry.registerComponent('securitySchemes', 'api_access_token', {
    type: 'apiKey',
    in: 'header',
    name: 'api_access_token',
  })
  registerWebhooks(app.openAPIRegistry)
  const documentConfig = { openapi: '3.1.0', info: OPENAPI_INFO, tags: OPENAPI_TAGS }
  app.doc31('/openapi.json', documentConfig)
  app.get('/docs', (c) => renderDocs(c, app.getOpenAPI31Document(documentConfig)))

  app.notFound(notFound)
  app.onError(renderError)
  return app
}

/** The request's execution context; tests that call `app.request` directly have none. */
function executionContextOf(c: Context<AppEnv>) {
  try {
    return c.executionCtx
  } catch {
    return undefined
  }
}

export const app = createApp()
export type AppType = typeof app
