/**
 * Seeds the demo account through Parley's own API, so the seed exercises what integrators use.
 * Idempotent: a second run finds what the first made and keeps the tokens that still work.
 * The administrator and the agent get a random password each (to sign in at /app/login), made
 * once and kept in .parley/demo.json: a later run sets it again only on a user that is new or
 * when the file has none (setting a password ends the user's sessions).
 */
import {
  DEMO_ACCOUNT_NAME,
  DEMO_ADMIN_EMAIL,
  DEMO_AGENT_EMAIL,
  DEMO_API_INBOX,
  DEMO_EMAIL_INBOX,
  DEMO_WEBSITE_INBOX,
} from '../worker/demo/names.ts'

export type DemoUser = { id: number; email: string; access_token: string; password: string }
export type DemoInbox = { id: number; identifier: string }
/** An email inbox: mail to its forwarding address lands in it (null when no mail domain is set). */
export type DemoEmailInbox = { id: number; forward_to_email: string | null }
export type Demo = {
  base_url: string
  /** Where the administrator and the agent sign in. */
  dashboard_url: string
  platform_token: string
  account_id: number
  admin: DemoUser
  agent: DemoUser
  website_inbox: DemoInbox
  api_inbox: DemoInbox
  email_inbox: DemoEmailInbox
  /** The demo funnel ("Sales"), with a few of the API inbox's conversations in it. */
  funnel_id: number
}

type Call = (
  path: string,
  init?: { method?: string; token?: string; body?: unknown },
) => Promise<{
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: the seed reads the API's JSON as it comes
  json: any
}>

/** A `Call` over any fetch function (global fetch in Node, SELF.fetch in tests). */
export function callOver(fetchFn: typeof fetch, baseUrl: string): Call {
  return async (path, init = {}) => {
    const headers: Record<string, string> = {}
    if (init.token) headers.api_access_token = init.token
    if (init.body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetchFn(new URL(path, baseUrl), {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await res.text()
    return { status: res.status, json: text ? JSON.parse(text) : null }
  }
}

async function must(call: Call, path: string, init?: Parameters<Call>[1]) {
  const res = await call(path, init)
  if (res.status !== 200) {
    throw new Error(
      `seed: ${init?.method ?? 'GET'} ${path} → ${res.status} ${JSON.stringify(res.json)}`,
    )
  }
  return res.json
}

/** A new demo password: 15 random bytes, URL-safe (20 characters). */
function randomPassword() {
  const bytes = crypto.getRandomValues(new Uint8Array(15))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
}

async function ensureUser(
  call: Call,
  platformToken: string,
  name: string,
  email: string,
  previous?: DemoUser,
): Promise<DemoUser> {
  const password = previous?.password ?? randomPassword()
  const user = await must(call, '/platform/api/v1/users', {
    token: platformToken,
    body: { name, email, password },
  })
  // An existing user kept its password; it is set again when the file does not know it.
  const known = previous !== undefined && previous.id === user.id && previous.password !== undefined
  if (!user.access_token && !known) {
    await must(call, `/platform/api/v1/users/${user.id}`, {
      method: 'PATCH',
      token: platformToken,
      body: { password },
    })
  }
  if (user.access_token) return { id: user.id, email, access_token: user.access_token, password }
  if (previous && previous.id === user.id) {
    const profile = await call('/api/v1/profile', { token: previous.access_token })
    if (profile.status === 200 && profile.json.id === user.id) return { ...previous, password }
  }
  const rotated = await must(call, `/platform/api/v1/users/${user.id}/token`, {
    method: 'POST',
    token: platformToken,
  })
  return { id: user.id, email, access_token: rotated.access_token, password }
}

async function ensureInbox(
  call: Call,
  accountId: number,
  adminToken: string,
  name: string,
  channel: Record<string, unknown>,
): Promise<DemoInbox> {
  const path = `/api/v1/accounts/${accountId}/inboxes`
  const { payload } = await must(call, path, { token: adminToken })
  const found = payload.find((inbox: { name: string }) => inbox.name === name)
  const inbox = found ?? (await must(call, path, { token: adminToken, body: { name, channel } }))
  return { id: inbox.id, identifier: inbox.inbox_identifier }
}

export async function seedDemo(
  call: Call,
  options: { baseUrl: string; platformToken: string; previous?: Demo | null },
): Promise<Demo> {
  const { platformToken, baseUrl } = options
  const previous = options.previous ?? undefined
  const accounts = await must(call, '/platform/api/v1/accounts', { token: platformToken })
  const account =
    accounts.find((a: { name: string }) => a.name === DEMO_ACCOUNT_NAME) ??
    (await must(call, '/platform/api/v1/accounts', {
      token: platformToken,
      body: { name: DEMO_ACCOUNT_NAME },
    }))
  const admin = await ensureUser(
    call,
    platformToken,
    'Ada Admin',
    DEMO_ADMIN_EMAIL,
    previous?.admin,
  )
  const agent = await ensureUser(
    call,
    platformToken,
    'Alan Agent',
    DEMO_AGENT_EMAIL,
    previous?.agent,
  )
  for (const [user, role] of [
    [admin, 'administrator'],
    [agent, 'agent'],
  ] as const) {
    await must(call, `/platform/api/v1/accounts/${account.id}/account_users`, {
      token: platformToken,
      body: { user_id: user.id, role },
    })
  }
  const websiteInbox = await ensureInbox(call, account.id, admin.access_token, DEMO_WEBSITE_INBOX, {
    type: 'web_widget',
    website_url: baseUrl,
    widget_color: '#1f6feb',
    welcome_title: 'Hi there 👋',
    welcome_tagline: 'Questions about orders, sizes or returns? Ask us.',
  })
  // The agent answers the website inbox (the agent demo page lists its conversations).
  await must(call, `/api/v1/accounts/${account.id}/inbox_members`, {
    token: admin.access_token,
    body: { inbox_id: websiteInbox.id, user_ids: [agent.id] },
  })
  const apiInbox = await ensureInbox(call, account.id, admin.access_token, DEMO_API_INBOX, {
    type: 'api',
  })
  const emailInbox = await ensureInbox(call, account.id, admin.access_token, DEMO_EMAIL_INBOX, {
    type: 'email',
    email: 'support@demo.parley.test',
  })
  await must(call, `/api/v1/accounts/${account.id}/inbox_members`, {
    token: admin.access_token,
    body: { inbox_id: emailInbox.id, user_ids: [agent.id] },
  })
  // Shown, not listed: showing gives an email inbox made before forwarding addresses its own.
  const shownEmailInbox = await must(
    call,
    `/api/v1/accounts/${account.id}/inboxes/${emailInbox.id}`,
    {
      token: admin.access_token,
    },
  )
  const funnelId = await ensureDemoFunnel(call, account.id, admin.access_token, apiInbox.id)
  return {
    base_url: baseUrl,
    dashboard_url: `${baseUrl}/app/login`,
    platform_token: platformToken,
    account_id: account.id,
    admin,
    agent,
    website_inbox: websiteInbox,
    api_inbox: apiInbox,
    email_inbox: { id: emailInbox.id, forward_to_email: shownEmailInbox.forward_to_email },
    funnel_id: funnelId,
  }
}

const DEMO_FUNNEL = 'Sales'
const DEMO_STAGES = [
  { name: 'Lead', color: '#1f93ff' },
  {
    name: 'Qualified',
    color: '#8e44ad',
    checklist_template: [
      { title: 'Budget known', required: true },
      { title: 'Decision maker named', required: false },
    ],
  },
  { name: 'Proposal', color: '#b35900' },
  { name: 'Won', color: '#1e8e3e' },
]
/** Who the demo funnel's conversations are with, what they asked, and where they stand. */
const DEMO_DEALS = [
  { contact: 'Maya Lopez', content: 'Do you offer a team plan?', stage: 'Lead' },
  { contact: 'Tom Becker', content: 'We need 40 seats before March.', stage: 'Qualified' },
  { contact: 'Priya Shah', content: 'Could you send the quote again?', stage: 'Proposal' },
]

/**
 * The demo funnel with its stages, and a conversation per demo deal (in the API inbox) placed
 * in it. Made once: a funnel of that name already there is left as it is.
 */
async function ensureDemoFunnel(
  call: Call,
  accountId: number,
  adminToken: string,
  inboxId: number,
): Promise<number> {
  const base = `/api/v1/accounts/${accountId}`
  const { payload } = await must(call, `${base}/funnels`, { token: adminToken })
  const found = payload.find((funnel: { name: string }) => funnel.name === DEMO_FUNNEL)
  if (found) return found.id
  const funnel = await must(call, `${base}/funnels`, {
    token: adminToken,
    body: { name: DEMO_FUNNEL, description: 'From the first question to a signed deal.' },
  })
  const stageIds = new Map<string, number>()
  for (const stage of DEMO_STAGES) {
    const created = await must(call, `${base}/funnels/${funnel.id}/stages`, {
      token: adminToken,
      body: stage,
    })
    stageIds.set(stage.name, created.id)
  }
  for (const deal of DEMO_DEALS) {
    const contact = await must(call, `${base}/contacts`, {
      token: adminToken,
      body: { name: deal.contact, inbox_id: inboxId },
    })
    const conversation = await must(call, `${base}/conversations`, {
      token: adminToken,
      body: {
        inbox_id: inboxId,
        contact_id: contact.payload.contact.id,
        message: { content: deal.content },
      },
    })
    await must(call, `${base}/conversations/${conversation.id}/funnel_stage`, {
      token: adminToken,
      body: { funnel_id: funnel.id, stage_id: stageIds.get(deal.stage) },
    })
  }
  return funnel.id
}
