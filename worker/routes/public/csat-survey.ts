import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type CsatRating, csatAnswerWrite, csatSurveyOpen } from '../../automation/csat-answer'
import { createDb, type Db } from '../../db/client'
import { type CsatSurveyPage, findCsatSurveyPage } from '../../db/queries/csat-survey'
import { accountShard, shardBindings } from '../../db/shards'
import type { AppEnv } from '../../env'
import { apiError, errorResponses } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { unwrapBody } from '../../middleware/body'
import { jsonBody, jsonResponse, noCredentials } from '../../schemas/common'
import {
  CsatSurveyFormSchema,
  CsatSurveyInputSchema,
  CsatSurveyParamsSchema,
  CsatSurveySchema,
  toCsatSurvey,
} from '../../schemas/csat-survey'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import {
  CSAT_PAGE_CSP,
  CSAT_PAGE_CSS,
  CSAT_PAGE_CSS_PATH,
  type CsatPageState,
  renderCsatPage,
} from './csat-survey-page'
import { publicTags } from './shared'

const surveyPath = '/public/api/v1/csat_survey/{conversation_uuid}'
const capability =
  "No token: the conversation's uuid, sent to the contact in the survey's link, is the " +
  'capability. An unknown uuid, or a conversation that was never surveyed, is 404.'

const showSurvey = createRoute({
  security: noCredentials,
  operationId: 'getPublicCsatSurvey',
  method: 'get',
  path: surveyPath,
  tags: publicTags.messages,
  summary: "A conversation's CSAT survey and its answer, as the rating page shows it",
  description: capability,
  request: { params: CsatSurveyParamsSchema },
  responses: {
    200: jsonResponse(CsatSurveySchema, 'The survey'),
    ...errorResponses('not_found'),
  },
})

const answerSurvey = createRoute({
  security: noCredentials,
  operationId: 'updatePublicCsatSurvey',
  method: 'put',
  path: surveyPath,
  tags: publicTags.messages,
  summary: "Answer a conversation's CSAT survey (1–5 and a comment)",
  description:
    `${capability} Stored as the widget's answer is (csat_survey_responses, the message's ` +
    'submitted_values, `message_updated`); a second answer replaces the first. A survey older ' +
    'than 14 days is 422.',
  middleware: [unwrapBody('message')],
  request: { params: CsatSurveyParamsSchema, body: jsonBody(CsatSurveyInputSchema) },
  responses: {
    200: jsonResponse(CsatSurveySchema, 'The survey with its answer'),
    ...errorResponses('not_found', 'validation_failed', 'unsupported_media_type'),
  },
})

type Located = { db: Db; page: CsatSurveyPage }

/**
 * The survey of the conversation with this uuid. The path names no account, so every shard is
 * asked; a copy left on a shard its account has moved from is not the account's (the directory
 * says where it lives). The request then works on that shard.
 */
async function locateSurvey(c: Context<AppEnv>, uuid: string): Promise<Located | undefined> {
  const shards = shardBindings(c.env)
  const dbs = shards.map((binding) => createDb(binding))
  const found = await Promise.all(dbs.map((db) => findCsatSurveyPage(db, uuid.toLowerCase())))
  for (const [shard, page] of found.entries()) {
    if (!page || (await accountShard(c.env, page.conversation.accountId)) !== shard) continue
    const db = dbs[shard] as Db
    c.set('db', db)
    c.set('shard', shard)
    return { db, page }
  }
  return undefined
}

async function answer(c: Context<AppEnv>, { db, page }: Located, rating: CsatRating) {
  const values = [{ csat_survey_response: rating }]
  const write = csatAnswerWrite(db, page.conversation, page.message, values, rating, nowSeconds())
  await commitWithEvents(c, write.statements, write.events)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const pagePath = (uuid: string) => `/survey/responses/${uuid}`

function htmlPage(state: CsatPageState, status: 200 | 404 | 422) {
  return new Response(renderCsatPage(state), {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSAT_PAGE_CSP,
      // The page shows the contact's own answer: no shared cache keeps it.
      'cache-control': 'no-store',
    },
  })
}

/** The page's state for the survey as stored, at `now`. */
function stateOf(page: CsatSurveyPage, uuid: string, now: number): CsatPageState {
  const inboxName = page.inboxName
  if (page.response?.id != null) {
    const { rating, feedbackMessage } = page.response
    return { kind: 'answered', inboxName, rating, feedback: feedbackMessage }
  }
  if (!csatSurveyOpen(page.message, now)) return { kind: 'closed', inboxName }
  return { kind: 'form', inboxName, action: pagePath(uuid) }
}

async function locatePage(c: Context<AppEnv>) {
  const uuid = c.req.param('uuid') ?? ''
  return { uuid, located: UUID.test(uuid) ? await locateSurvey(c, uuid) : undefined }
}

export const publicCsatSurveyRoutes = createRouter()
  .openapi(showSurvey, async (c) => {
    const located = await locateSurvey(c, c.req.valid('param').conversation_uuid)
    if (!located) throw apiError('not_found')
    return c.json(toCsatSurvey(located.page), 200)
  })
  .openapi(answerSurvey, async (c) => {
    const uuid = c.req.valid('param').conversation_uuid
    const located = await locateSurvey(c, uuid)
    if (!located) throw apiError('not_found')
    const [value] = c.req.valid('json').submitted_values
    await answer(c, located, (value as { csat_survey_response: CsatRating }).csat_survey_response)
    const page = await findCsatSurveyPage(located.db, uuid.toLowerCase())
    if (!page) throw apiError('not_found')
    return c.json(toCsatSurvey(page), 200)
  })
  // The rating page itself: HTML for people, so not part of the API's description.
  .get(CSAT_PAGE_CSS_PATH, (c) =>
    c.body(CSAT_PAGE_CSS, 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    }),
  )
  .get('/survey/responses/:uuid', async (c) => {
    const { uuid, located } = await locatePage(c)
    if (!located) return htmlPage({ kind: 'not_found' }, 404)
    return htmlPage(stateOf(located.page, uuid, nowSeconds()), 200)
  })
  .post('/survey/responses/:uuid', async (c) => {
    const { uuid, located } = await locatePage(c)
    if (!located) return htmlPage({ kind: 'not_found' }, 404)
    const { page } = located
    if (!csatSurveyOpen(page.message, nowSeconds())) {
      return htmlPage({ kind: 'closed', inboxName: page.inboxName }, 422)
    }
    // The form arrives as JSON: middleware/body.ts reads urlencoded bodies into it.
    const form = CsatSurveyFormSchema.safeParse(await c.req.json().catch(() => ({})))
    if (!form.success) {
      const error = 'Choose a rating from 1 to 5.'
      return htmlPage(
        { kind: 'form', inboxName: page.inboxName, action: pagePath(uuid), error },
        422,
      )
    }
    await answer(c, located, form.data)
    // Post/redirect/get: reloading the thank-you page does not post the form again.
    return c.redirect(pagePath(uuid), 303)
  })
