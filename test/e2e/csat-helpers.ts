import { agentApi, env, eventually, uniq, url } from './helpers.ts'

/** POST to an inbox's public API as a visitor's browser; throws unless 200. */
async function visitorApi(identifier: string, path: string, body: unknown) {
  const res = await fetch(url(`/public/api/v1/inboxes/${identifier}${path}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`)
  return JSON.parse(text)
}

/**
 * A website inbox of its own with the survey on (the shared one stays as other tests expect it),
 * a visitor who wrote, and the conversation resolved: its uuid once the survey was sent.
 */
export async function surveyedConversation() {
  const admin = env().adminToken
  const name = uniq('Survey Shop')
  const inbox = await agentApi(
    '/inboxes',
    {
      name,
      channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
      csat_survey_enabled: true,
    },
    admin,
  )
  const identifier = inbox.inbox_identifier as string
  const contact = await visitorApi(identifier, '/contacts', { name: uniq('Sam Survey') })
  const base = `/contacts/${contact.source_id}/conversations`
  const conversation = await visitorApi(identifier, base, {})
  await visitorApi(identifier, `${base}/${conversation.id}/messages`, { content: 'Thanks!' })
  await agentApi(`/conversations/${conversation.id}/toggle_status`, { status: 'resolved' }, admin)
  const uuid = conversation.uuid as string
  await eventually(
    async () => (await fetch(url(`/public/api/v1/csat_survey/${uuid}`))).status,
  ).toBe(200)
  return { uuid, inboxName: name }
}

/** Answers a conversation's survey through Chatwoot's public API, as its rating page does. */
export async function rateConversation(uuid: string, rating: number, feedback: string) {
  const res = await fetch(url(`/public/api/v1/csat_survey/${uuid}`), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      message: {
        submitted_values: [{ csat_survey_response: { rating, feedback_message: feedback } }],
      },
    }),
  })
  if (res.status !== 200) throw new Error(`rate: ${res.status} ${await res.text()}`)
}
