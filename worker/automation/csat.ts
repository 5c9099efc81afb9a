import { csatSurveyEligibility } from '../db/queries/csat'
import { sendAutomaticMessage } from './automatic-message'
import type { Automation, AutomationTrigger } from './run'

/** Chatwoot's question (conversations.templates.csat_input_message_body). */
export const CSAT_QUESTION = 'Please rate the conversation'

/** The public rating page of a conversation, which an email survey links to (Chatwoot's path). */
export const csatSurveyUrl = (env: Env, conversationUuid: string) =>
  `${env.PUBLIC_BASE_URL.replace(/\/$/, '')}/survey/responses/${conversationUuid}`

// The inbox's own setting; the inbox API reads it with the same default (schemas/inboxes.ts).
const csatEnabled = (settings: Record<string, unknown>) => settings.csat_survey_enabled === true

/** Whether the public rating page an email survey links to is served (not yet). */
const RATING_PAGE_SERVED = false

const resolvedNow = (t: AutomationTrigger) =>
  t.event.kind === 'conversation_status_changed' && t.conversation.status === 'resolved'

/**
 * The CSAT survey (Chatwoot's MessageTemplates::HookExecutionService and CsatSurveyService):
 * when a conversation is resolved in an inbox with the survey on, an `input_csat` template
 * message asks for a 1–5 rating and a comment. Kept from Chatwoot: once per conversation (its
 * fixed echo_id; a second resolve after reopening sends none), not for a conversation the contact
 * never wrote in, not to a blocked contact. An email conversation cannot render the widget's
 * form, so it gets a link to the public rating page instead, mailed like a reply (held back
 * until that page is served: RATING_PAGE_SERVED). Chatwoot's other exclusions (tweets, the
 * 24-hour windows of Facebook, Instagram and WhatsApp, campaign conversations) name channels
 * and features Parley does not have.
 */
export const csatSurvey: Automation = async (env, db, triggers, now) => {
  const committed: number[] = []
  const seen = new Set<number>()
  for (const trigger of triggers) {
    const { conversation, inbox } = trigger
    if (!resolvedNow(trigger) || !csatEnabled(inbox.settings) || seen.has(conversation.id)) {
      continue
    }
    seen.add(conversation.id)
    // An email conversation's survey is a link to the public rating page (csatSurveyUrl, mailed
    // like a reply: db/queries/outgoing-mail.ts). That page is not served yet, so no link is
    // sent: a mailed link to nothing would be worse than no survey.
    if (inbox.channelType === 'email' && !RATING_PAGE_SERVED) continue
    const eligibility = await csatSurveyEligibility(db, conversation.id)
    if (!eligibility?.hasIncoming || eligibility.contactBlocked) continue
    const message =
      inbox.channelType === 'email'
        ? {
            key: 'csat' as const,
            content: `${CSAT_QUESTION}: ${csatSurveyUrl(env, conversation.uuid)}`,
            contentType: 'text',
          }
        : { key: 'csat' as const, content: CSAT_QUESTION, contentType: 'input_csat' }
    const { eventIds } = await sendAutomaticMessage(db, env, conversation, message, now)
    committed.push(...eventIds)
  }
  return committed
}
