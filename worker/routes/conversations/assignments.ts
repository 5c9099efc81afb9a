import { createRoute, z } from '@hono/zod-openapi'
import { assigneeChangeWrite } from '../../conversations/assignment'
import { teamChangeWrite } from '../../conversations/team'
import { findAccountMember, findAccountTeam } from '../../db/queries/conversations'
import { errorResponses, fieldError, validationError } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { visibleConversation } from '../../middleware/access'
import { unwrapBody } from '../../middleware/body'
import { AgentSchema, toAgent } from '../../schemas/agents'
import { accountSecurity } from '../../schemas/auth'
import { jsonBody, jsonResponse } from '../../schemas/common'
import { AssignmentInputSchema, ConversationTeamSchema, toTeam } from '../../schemas/conversations'
import { createRouter } from '../router'
import { actorOf, commit } from '../write-adapter'
import { ConversationParamsSchema, one, tags } from './shared'

const assignRoute = createRoute({
  operationId: 'assignConversation',
  method: 'post',
  path: `${one}/assignments`,
  tags,
  security: accountSecurity,
  summary: 'Assign an agent or a team (agent bots too)',
  description:
    '`assignee_id` (an account member; null unassigns) or `team_id` (an account team; null ' +
    'removes it). Returns the agent, the team, or null.',
  middleware: [unwrapBody('assignment')],
  request: { params: ConversationParamsSchema, body: jsonBody(AssignmentInputSchema) },
  responses: {
    200: jsonResponse(
      z.union([AgentSchema, ConversationTeamSchema]).nullable(),
      'The assignee, the team, or null',
    ),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

export const conversationAssignmentRoutes = createRouter().openapi(assignRoute, async (c) => {
  const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
  const body = c.req.valid('json')
  const db = c.var.db
  const accountId = c.var.accountId
  const now = nowSeconds()
  if (body.assignee_id !== undefined) {
    const member = body.assignee_id
      ? await findAccountMember(db, accountId, body.assignee_id)
      : null
    if (body.assignee_id && !member) {
      throw validationError([
        fieldError('assignee_id', 'is not a member of this account', 'not_member'),
      ])
    }
    const assignee = member ? { id: member.user.id, name: member.user.name } : null
    const write = assigneeChangeWrite(db, conversation, assignee, await actorOf(c), now)
    if (write) await commit(c, write)
    return c.json(member ? toAgent(member.user, member.membership) : null, 200)
  }
  if (body.team_id !== undefined) {
    const team = body.team_id ? await findAccountTeam(db, accountId, body.team_id) : null
    if (body.team_id && !team) {
      throw validationError([
        fieldError('team_id', 'is not a team of this account', 'unknown_team'),
      ])
    }
    if ((team?.id ?? null) !== conversation.teamId) {
      const actor = await actorOf(c)
      const previous = conversation.teamId
        ? await findAccountTeam(db, accountId, conversation.teamId)
        : undefined
      const write = teamChangeWrite(db, conversation, team ?? null, previous?.name, actor, now)
      if (write) await commit(c, write)
    }
    return c.json(team ? toTeam(team) : null, 200)
  }
  return c.json(null, 200)
})
