import { createRoute, z } from '@hono/zod-openapi'
import { jsonResponse, noCredentials } from '../schemas/common'
import { createRouter } from './router'

const health = createRoute({
  security: noCredentials,
  operationId: 'getHealth',
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Liveness: the worker answers',
  responses: {
    200: jsonResponse(
      z.object({ status: z.literal('ok') }).openapi({ example: { status: 'ok' } }),
      'Up',
    ),
  },
})

export const healthRoutes = createRouter().openapi(health, (c) =>
  c.json({ status: 'ok' as const }, 200),
)
