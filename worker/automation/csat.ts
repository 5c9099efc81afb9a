import { csatSurveyEligibility } from '../db/queries/csat'
import { sendAutomaticMessage } from './automatic-message'
import { automationSettings } from './inbox-settings'
import type { Automation, AutomationTrigger } from './run'

/** Chatwoot's question (conversations.templates.csat_input_message_body). */
export const CSAT_QUESTION = 'Please rate the conversation'

/**
 * The public rating page of a conversation, which an email survey links to (Chatwoot's path,
 * served by routes/public/csat-survey.ts). On the deployment's public origin, as the assignment
 * mail's link is: an automation runs after the request, with no request origin of its own.
 */
export const csatSurveyUrl = (env: Env, conversationUuid: string) =>
  new URL(`/survey/responses/${conversationUuid}`, env.PUBLIC_BASE_URL || 'http://localhost:8787')
    .href

const resolvedNow = (t: AutomationTrigger) =>
  t.event.kind === 'conversation_status_changed' && t.conversation.status === 'resolved'

/**
 * The CSAT survey (Chatwoot's MessageTemplates::HookExecutionService and CsatSurveyService):
 * when a conversation is resolved in an inbox with the survey on, an `input_csat` template
 * message asks for a 1–5 rating and a comment. Kept from Chatwoot: once per conversation (its
 * fixed echo_id; a second resolve after reopening sends none), not for a conversation the contact
 * never wrote in, not to a blocked contact. An email conversation cannot render the widget's
 * form, so it gets a link to the public rating page instead, mailed like a reply; the message
 * is still an input_csat one, so the page finds it and the metrics count it sent. Chatwoot's other exclusions (tweets, the
 * 24-hour windows of Facebook, Instagram and WhatsApp, campaign conversations) name channels
 * and features Parley does not have.
 */
export const csatSurvey: Automation = async (env, db, triggers, now) => {
  const committed: number[] = []
  const seen = new Set<number>()
  for (const trigger of triggers) {
    const { conversation, inbox } = trigger
    if (
      !resolvedNow(trigger) ||
      !automationSettings(inbox.settings).csatSurveyEnabled ||
      seen.has(conversation.id)
    ) {
      continue
    }
    seen.add(conversation.id)
    const eligibility = await csatSurveyEligibility(db, conversation.id)
    if (!eligibility?.hasIncoming || eligibility.contactBlocked) continue
    // An email conversation's survey is a link to the public rating page, mailed like a reply
    // (db/queries/outgoing-mail.ts mails this template message).
    const content =
      inbox.channelType === 'email'
        ? `${CSAT_QUESTION}: ${csatSurveyUrl(env, conversation.uuid)}`
        : CSAT_QUESTION
    const message = { key: 'csat' as const, content, contentType: 'input_csat' }
    const { eventIds } = await sendAutomaticMessage(db, env, conversation, message, now)
    committed.push(...eventIds)
  }
  return committed
}
