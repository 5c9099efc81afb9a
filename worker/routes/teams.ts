import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { batchAll } from '../db/queries/agents'
import {
  addTeamMembersStatements,
  deleteTeam,
  findTeam,
  findTeamByName,
  insertTeam,
  listTeamMemberIds,
  listTeamMembers,
  listTeams,
  removeTeamMembersStatements,
  teamIdsOfUser,
  updateTeam,
} from '../db/queries/teams'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { currentUserId } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import {
  AgentSchema,
  TeamMembersAddSchema,
  TeamMembersReplaceSchema,
  toAgent,
} from '../schemas/agents'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import { TeamInputSchema, TeamSchema, TeamUpdateSchema, toTeam } from '../schemas/teams'
import { administratorsOnly, requireAccountMembers } from './agents/shared'
import { createRouter } from './router'
import { invalidateAfterResponse } from './write-adapter'

const tags = ['Teams']
const base = '/api/v1/accounts/{account_id}/teams'
const membersPath = `${base}/{id}/team_members`

async function teamOr404(c: Context<AppEnv>, id: number) {
  const team = await findTeam(c.var.db, c.var.accountId, id)
  if (!team) throw apiError('not_found', `Team ${id} not found`)
  return team
}

async function requireFreeName(c: Context<AppEnv>, name: string, exceptId?: number) {
  const other = await findTeamByName(c.var.db, c.var.accountId, name)
  if (other && other.id !== exceptId) {
    throw validationError([fieldError('name', 'has already been taken', 'taken')])
  }
}

async function isMember(c: Context<AppEnv>, teamId: number) {
  return (await teamIdsOfUser(c.var.db, c.var.accountId, currentUserId(c))).has(teamId)
}

async function membersJson(c: Context<AppEnv>, teamId: number) {
  const rows = await listTeamMembers(c.var.db, c.var.accountId, teamId)
  return rows.map((r) => toAgent(r.user, r.membership))
}

const listTeamsRoute = createRoute({
  operationId: 'listTeams',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "List the account's teams",
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.array(TeamSchema), 'Teams'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const readOne = <T extends z.ZodType>(
  operationId: string,
  summary: string,
  path: string,
  schema: T,
) =>
  createRoute({
    operationId,
    method: 'get',
    path,
    tags,
    security: accountSecurity,
    summary,
    request: { params: AccountAndIdParamsSchema },
    responses: {
      200: jsonResponse(schema, summary),
      ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
    },
  })

const showTeam = readOne('getTeam', 'Show a team', `${base}/{id}`, TeamSchema)
const listMembers = readOne(
  'listTeamMembers',
  "List a team's agents",
  membersPath,
  z.array(AgentSchema),
)

const createTeam = createRoute({
  operationId: 'createTeam',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Create a team (administrators); the name is stored lower-cased',
  middleware: [administratorsOnly, unwrapBody('team')],
  request: { params: AccountIdParamsSchema, body: jsonBody(TeamInputSchema) },
  responses: {
    200: jsonResponse(TeamSchema, 'The new team'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'not_found',
      'rate_limited',
    ),
  },
})

const updateTeamRoute = createRoute({
  operationId: 'updateTeam',
  method: 'patch',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Update a team (administrators)',
  middleware: [administratorsOnly, unwrapBody('team')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(TeamUpdateSchema) },
  responses: {
    200: jsonResponse(TeamSchema, 'The updated team'),
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

const deleteTeamRoute = createRoute({
  operationId: 'deleteTeam',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a team (administrators); its conversations keep no team',
  middleware: [administratorsOnly],
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const TEAM_MEMBER_OPERATIONS = {
  post: 'addTeamMembers',
  patch: 'updateTeamMembers',
  delete: 'deleteTeamMembers',
} as const

const writeMembers = (method: 'post' | 'patch' | 'delete', summary: string) =>
  createRoute({
    operationId: TEAM_MEMBER_OPERATIONS[method],
    method,
    path: membersPath,
    tags,
    security: accountSecurity,
    summary,
    middleware: [administratorsOnly, unwrapBody('team_member')],
    request: {
      params: AccountAndIdParamsSchema,
      body: jsonBody(method === 'patch' ? TeamMembersReplaceSchema : TeamMembersAddSchema),
    },
    responses: {
      200: jsonResponse(z.array(AgentSchema), "The team's agents after the change"),
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

const addMembers = writeMembers('post', 'Add agents to a team (administrators)')
const replaceMembers = writeMembers('patch', "Replace a team's agents (administrators)")
const removeMembers = writeMembers('delete', 'Remove agents from a team (administrators)')

export const teamRoutes = createRouter()
  .openapi(listTeamsRoute, async (c) => {
    const db = c.var.db
    const [rows, mine] = await Promise.all([
      listTeams(db, c.var.accountId),
      teamIdsOfUser(db, c.var.accountId, currentUserId(c)),
    ])
    return c.json(
      rows.map((r) => toTeam(r, mine.has(r.id))),
      200,
    )
  })
  .openapi(showTeam, async (c) => {
    const team = await teamOr404(c, c.req.valid('param').id)
    return c.json(toTeam(team, await isMember(c, team.id)), 200)
  })
  .openapi(createTeam, async (c) => {
    const body = c.req.valid('json')
    await requireFreeName(c, body.name)
    const team = await insertTeam(c.var.db, {
      accountId: c.var.accountId,
      name: body.name,
      description: body.description,
      allowAutoAssign: body.allow_auto_assign,
    })
    if (!team) throw new Error('team insert returned nothing')
    invalidateAfterResponse(c, 'team')
    return c.json(toTeam(team, false), 200)
  })
  .openapi(updateTeamRoute, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const team = await teamOr404(c, id)
    if (body.name !== undefined) await requireFreeName(c, body.name, id)
    const changes = {
      name: body.name,
      description: body.description,
      allowAutoAssign: body.allow_auto_assign,
    }
    const changed = Object.values(changes).some((v) => v !== undefined)
    const updated = changed ? await updateTeam(c.var.db, c.var.accountId, id, changes) : team
    if (!updated) throw apiError('not_found', `Team ${id} not found`)
    if (changed) invalidateAfterResponse(c, 'team')
    return c.json(toTeam(updated, await isMember(c, id)), 200)
  })
  .openapi(deleteTeamRoute, async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteTeam(c.var.db, c.var.accountId, id))) {
      throw apiError('not_found', `Team ${id} not found`)
    }
    invalidateAfterResponse(c, 'team')
    return c.json({}, 200)
  })
  .openapi(listMembers, async (c) => {
    const team = await teamOr404(c, c.req.valid('param').id)
    return c.json(await membersJson(c, team.id), 200)
  })
  .openapi(addMembers, async (c) => {
    const team = await teamOr404(c, c.req.valid('param').id)
    const { user_ids } = c.req.valid('json')
    await requireAccountMembers(c, user_ids)
    const current = new Set(await listTeamMemberIds(c.var.db, team.id))
    const added = user_ids.filter((id) => !current.has(id))
    await batchAll(c.var.db, addTeamMembersStatements(c.var.db, c.var.accountId, team.id, added))
    return c.json(await membersJson(c, team.id), 200)
  })
  .openapi(replaceMembers, async (c) => {
    const team = await teamOr404(c, c.req.valid('param').id)
    const { user_ids } = c.req.valid('json')
    const db = c.var.db
    await requireAccountMembers(c, user_ids)
    const current = await listTeamMemberIds(db, team.id)
    const wanted = new Set(user_ids)
    const kept = new Set(current)
    await batchAll(db, [
      ...removeTeamMembersStatements(
        db,
        team.id,
        current.filter((id) => !wanted.has(id)),
      ),
      ...addTeamMembersStatements(
        db,
        c.var.accountId,
        team.id,
        user_ids.filter((id) => !kept.has(id)),
      ),
    ])
    return c.json(await membersJson(c, team.id), 200)
  })
  .openapi(removeMembers, async (c) => {
    const team = await teamOr404(c, c.req.valid('param').id)
    const { user_ids } = c.req.valid('json')
    await requireAccountMembers(c, user_ids)
    await batchAll(c.var.db, removeTeamMembersStatements(c.var.db, team.id, user_ids))
    return c.json(await membersJson(c, team.id), 200)
  })
