import type { ConversationRow, NewConversation } from '../db/queries/conversations'
import { MESSAGE_TYPE } from '../db/queries/messages'
import { activityText } from './changes'

/**
 * What a new message does to its conversation (reference §8.2), written down once as data. Two
 * interpreters read it: `messageEffects` applies it to a row in JS (createMessage), and
 * message-effects-sql.ts compiles it to SQL over the row as a batch finds it (replyInSql), so the
 * two paths cannot drift apart.
 */

/** What the rules ask about a message. */
export type MessageFacts = {
  messageType: number
  private: boolean
  senderType: 'User' | 'Contact' | 'AgentBot' | null
  createdAt: number
  /** The conversation's inbox has an active agent bot (only asked when a message may reopen it). */
  botInbox?: boolean
}

/** Kinds of message a rule applies to. */
export const MESSAGE_KINDS = {
  any: () => true,
  incoming: (m: MessageFacts) => m.messageType === MESSAGE_TYPE.incoming,
  /** An incoming message in an inbox an agent bot answers. */
  incomingToBot: (m: MessageFacts) =>
    m.messageType === MESSAGE_TYPE.incoming && m.botInbox === true,
  /** A public outgoing message by an agent or a bot. */
  reply: (m: MessageFacts) =>
    m.messageType === MESSAGE_TYPE.outgoing &&
    !m.private &&
    (m.senderType === 'User' || m.senderType === 'AgentBot'),
  /** A public outgoing message by an agent (a human). */
  agentReply: (m: MessageFacts) =>
    m.messageType === MESSAGE_TYPE.outgoing && !m.private && m.senderType === 'User',
} satisfies Record<string, (m: MessageFacts) => boolean>
export type MessageKind = keyof typeof MESSAGE_KINDS

/** The conversation columns a rule may read and set. */
export type EffectColumn = keyof Pick<
  ConversationRow,
  'status' | 'snoozedUntil' | 'waitingSince' | 'firstReplyCreatedAt' | 'muted' | 'priority'
>
type Scalar = string | number | boolean | null

/** The message's time. */
export const NOW = { now: true } as const
export type EffectValue = typeof NOW | Scalar

/** A condition on the conversation as it is before the message. */
export type RowCondition =
  | { column: EffectColumn; is: 'null' | 'not_null' }
  | { column: EffectColumn; in: readonly Scalar[] }

export type MessageRule = {
  message: MessageKind
  /** All must hold of the row before the message. */
  row: readonly RowCondition[]
  /** Later rules win over earlier ones for the same column. */
  set: Partial<Record<EffectColumn, EffectValue>>
  /** An activity line the rule adds after the message. */
  activity?: string
}

/**
 * Every message is the latest activity (not a rule: always so). An incoming one starts the wait
 * and reopens a snoozed or resolved conversation unless muted (pending in a bot's inbox); a reply
 * ends the wait, and an agent's first is the first reply.
 */
export const MESSAGE_RULES: readonly MessageRule[] = [
  {
    message: 'incoming',
    row: [{ column: 'waitingSince', is: 'null' }],
    set: { waitingSince: NOW },
  },
  {
    message: 'reply',
    row: [{ column: 'waitingSince', is: 'not_null' }],
    set: { waitingSince: null },
  },
  {
    message: 'agentReply',
    row: [{ column: 'firstReplyCreatedAt', is: 'null' }],
    set: { firstReplyCreatedAt: NOW },
  },
  {
    // statusPatch('open'): leaving snoozed clears snoozed_until.
    message: 'incoming',
    row: [
      { column: 'muted', in: [false] },
      { column: 'status', in: ['snoozed', 'resolved'] },
    ],
    set: { status: 'open', snoozedUntil: null },
    activity: activityText.reopenedByIncoming,
  },
  {
    // In a bot's inbox the bot answers first, as when a conversation starts there (Chatwoot reopens
    // it pending): humans see it on the bot's handoff.
    message: 'incomingToBot',
    row: [
      { column: 'muted', in: [false] },
      { column: 'status', in: ['snoozed', 'resolved'] },
    ],
    set: { status: 'pending' },
  },
]

/** The rules that apply to this message, whatever the row. */
export const rulesFor = (rules: readonly MessageRule[], message: MessageFacts) =>
  rules.filter((rule) => MESSAGE_KINDS[rule.message](message))

export const valueAt = (value: EffectValue, now: number): Scalar =>
  value !== null && typeof value === 'object' ? now : value

function holds(condition: RowCondition, row: Pick<ConversationRow, EffectColumn>) {
  const value = row[condition.column] ?? null
  if ('is' in condition) return condition.is === 'null' ? value === null : value !== null
  return condition.in.includes(value)
}

/** The JS interpreter: the patch and activity lines `rules` make of `message` on `before`. */
export function applyMessageRules(
  rules: readonly MessageRule[],
  before: Pick<ConversationRow, EffectColumn>,
  message: MessageFacts,
) {
  const patch: Partial<NewConversation> = { lastActivityAt: message.createdAt }
  const activities: string[] = []
  for (const rule of rulesFor(rules, message)) {
    if (!rule.row.every((condition) => holds(condition, before))) continue
    for (const [column, value] of Object.entries(rule.set)) {
      Object.assign(patch, { [column]: valueAt(value as EffectValue, message.createdAt) })
    }
    if (rule.activity) activities.push(rule.activity)
  }
  return { patch, activities }
}

/**
 * Whether a message may reopen `before` (the only case where `botInbox` matters): callers ask the
 * database whether the inbox has a bot only then, not for every message.
 */
export const mayReopen = (before: Pick<ConversationRow, 'status' | 'muted'>, messageType: number) =>
  messageType === MESSAGE_TYPE.incoming &&
  !before.muted &&
  (before.status === 'resolved' || before.status === 'snoozed')

/** What a new message does to its conversation: the patch and its activity lines. */
export const messageEffects = (before: ConversationRow, message: MessageFacts) =>
  applyMessageRules(MESSAGE_RULES, before, message)
