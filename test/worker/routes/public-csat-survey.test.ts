import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { type CsatScene, csatScene, runSurvey, setStatus, surveys } from '../csat-helpers'
import { api, shardOfRow } from '../helpers'

type Row = Record<string, unknown>

/** A visitor's conversation, resolved and surveyed; its uuid and the survey message's id. */
async function surveyed() {
  const scene = await csatScene()
  await scene.inbox.call(scene.path, { body: { content: 'Where is my order?' } })
  await setStatus(scene, 'resolved')
  await runSurvey(scene)
  const [survey] = await surveys(scene.conversation.id)
  return { scene, uuid: await uuidOf(scene), surveyId: survey!.id as number }
}

async function uuidOf(scene: CsatScene) {
  const row = await shardOfRow(scene.conversation.id)
    .prepare('select uuid from conversations where id = ?')
    .bind(scene.conversation.id)
    .first<{ uuid: string }>()
  return row!.uuid
}

const page = (uuid: string, init?: RequestInit) =>
  SELF.fetch(`http://parley.test/survey/responses/${uuid}`, { redirect: 'manual', ...init })

const postRating = (uuid: string, form: Record<string, string>) =>
  page(uuid, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  })

const stored = async (scene: CsatScene, surveyId: number) =>
  (
    await shardOfRow(scene.conversation.id)
      .prepare('select * from csat_survey_responses where message_id = ?')
      .bind(surveyId)
      .all<Row>()
  ).results

async function ageSurvey(scene: CsatScene, surveyId: number, days: number) {
  await shardOfRow(scene.conversation.id)
    .prepare('update messages set created_at = unixepoch() - ? where id = ?')
    .bind(days * 24 * 60 * 60, surveyId)
    .run()
}

describe('the public CSAT rating page', () => {
  it('shows the inbox name and a 1 to 5 rating form under a policy with no inline script or style', async () => {
    const { scene, uuid } = await surveyed()
    const res = await page(uuid)
    expect(res.status).toBe(200)
    const html = await res.text()
    const inbox = await api(`/api/v1/accounts/${scene.world.accountId}/inboxes`, {
      token: scene.world.admin.token,
    })
    const name = inbox.json.payload.find((i: Row) => i.id === scene.inbox.id).name
    expect(html).toContain(name)
    expect(html).toContain(`<form method="post" action="/survey/responses/${uuid}">`)
    for (const rating of [1, 2, 3, 4, 5]) expect(html).toContain(`value="${rating}"`)
    expect(html).toContain('name="feedback_message"')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('style=')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    const css = await SELF.fetch('http://parley.test/survey/survey.css')
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toContain('text/css')
  })

  it('stores a posted rating, lists it in the responses API, and thanks the contact when revisited', async () => {
    const { scene, uuid, surveyId } = await surveyed()
    const res = await postRating(uuid, { rating: '4', feedback_message: 'Quick & kind <3' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/survey/responses/${uuid}`)
    expect(await stored(scene, surveyId)).toMatchObject([
      { rating: 4, feedback_message: 'Quick & kind <3', contact_id: scene.visitor.contactId },
    ])
    const listed = await api(`/api/v1/accounts/${scene.world.accountId}/csat_survey_responses`, {
      token: scene.world.admin.token,
    })
    expect(listed.status).toBe(200)
    expect(listed.json).toMatchObject([{ rating: 4, message_id: surveyId }])
    const events = await shardOfRow(scene.conversation.id)
      .prepare("select count(*) as n from events where message_id = ? and kind = 'message_updated'")
      .bind(surveyId)
      .first<{ n: number }>()
    expect(events?.n).toBe(1)
    const thanks = await (await page(uuid)).text()
    expect(thanks).toContain('Thank you for your feedback')
    expect(thanks).toContain('4 out of 5')
    expect(thanks).toContain('Quick &amp; kind &lt;3')
    expect(thanks).not.toContain('<form')
  })

  it('refuses a post with no rating with the form and a message, storing nothing', async () => {
    const { scene, uuid, surveyId } = await surveyed()
    const res = await postRating(uuid, { feedback_message: 'no stars' })
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('Choose a rating from 1 to 5.')
    expect(await stored(scene, surveyId)).toEqual([])
  })

  it('is a 404 page for an unknown uuid, a malformed one, and a conversation never surveyed', async () => {
    const unknown = await page(crypto.randomUUID())
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Survey not found')
    expect((await page('not-a-uuid')).status).toBe(404)
    const quiet = await csatScene({ csat_survey_enabled: false })
    expect((await page(await uuidOf(quiet))).status).toBe(404)
    expect((await postRating(await uuidOf(quiet), { rating: '5' })).status).toBe(404)
  })

  it('says the survey has closed after 14 days and refuses a rating with 422', async () => {
    const { scene, uuid, surveyId } = await surveyed()
    await ageSurvey(scene, surveyId, 15)
    const shown = await page(uuid)
    expect(shown.status).toBe(200)
    expect(await shown.text()).toContain('This survey has closed')
    const res = await postRating(uuid, { rating: '5' })
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('This survey has closed')
    expect(await stored(scene, surveyId)).toEqual([])
  })
})

describe('GET and PUT /public/api/v1/csat_survey/{conversation_uuid}', () => {
  it('shows the survey, takes an answer as Chatwoot sends it, and shows it back', async () => {
    const { scene, uuid, surveyId } = await surveyed()
    const path = `/public/api/v1/csat_survey/${uuid}`
    const before = await api(path)
    expect(before.status).toBe(200)
    expect(before.json).toMatchObject({
      id: surveyId,
      csat_survey_response: null,
      display_type: 'emoji',
      conversation_id: scene.conversation.displayId,
    })
    const body = {
      message: {
        submitted_values: [{ csat_survey_response: { rating: 2, feedback_message: 'slow' } }],
      },
    }
    const put = await api(path, { method: 'PUT', body })
    expect(put.status).toBe(200)
    expect(put.json.csat_survey_response).toMatchObject({ rating: 2, feedback_message: 'slow' })
    expect((await api(path)).json.csat_survey_response).toMatchObject({ rating: 2 })
    expect(await stored(scene, surveyId)).toMatchObject([{ rating: 2, feedback_message: 'slow' }])
  })

  it('is 404 for an unknown uuid and 422 for a rating out of range or after 14 days', async () => {
    expect((await api(`/public/api/v1/csat_survey/${crypto.randomUUID()}`)).status).toBe(404)
    const { scene, uuid, surveyId } = await surveyed()
    const path = `/public/api/v1/csat_survey/${uuid}`
    const answer = (rating: number) =>
      api(path, {
        method: 'PUT',
        body: { submitted_values: [{ csat_survey_response: { rating } }] },
      })
    expect((await answer(6)).status).toBe(422)
    await ageSurvey(scene, surveyId, 15)
    const late = await answer(5)
    expect(late.status).toBe(422)
    expect(late.text).toContain('14 days')
    expect(await stored(scene, surveyId)).toEqual([])
  })
})
